import type { Router } from 'express';
import { presentDiscount } from '@commerce/api-presenters';
import { orders } from '@commerce/contracts';
import type { BackendClients } from '../../../clients';
import { ok } from '../../../http/envelope';
import { sendPage, type PaginationOptions } from '../../../http/pagination';
import { dataAnswer, discountJson, pagedAnswer } from '../../../openapi/answers';
import { operation } from '../../../openapi/operation';
import { pathId } from '../../path-id';
import { createDiscountInput, listDiscountsQuery, updateDiscountInput } from './discount.schemas';

const DISCOUNT = 'Discount';

/** An answer holding one discount, and the store's zone its timestamps render in. */
interface DiscountAnswer {
  discount?: orders.Discount;
  time_zone: string;
}

/** `data` of every single-discount answer; a missing record is a backend bug, so a 500 (logged). */
function render(answer: DiscountAnswer) {
  if (!answer.discount) throw new Error('orders answered without a discount');
  return presentDiscount(answer.discount, answer.time_zone);
}

/** docs/money.md#discount-codes: each route is input → one DiscountsService call → presentDiscount. */
export function discountRoutes(router: Router, clients: BackendClients, pagination: PaginationOptions): void {
  router.get(
    '/discounts',
    operation(
      {
        summary: 'List discount codes',
        description: "The store's discount codes, oldest first, 50 a page unless `limit` says otherwise (at most 250).",
        tag: 'Discounts',
        auth: 'store',
        input: listDiscountsQuery,
        answer: pagedAnswer('discounts', discountJson),
      },
      async (req, res, { storeId, call, input }) => {
        const answer = await clients.discounts.listDiscounts(
          orders.ListDiscountsRequest.fromPartial({ store_id: storeId, ...input() }),
          call,
        );
        const list = answer.discounts.map((discount) => presentDiscount(discount, answer.time_zone));
        sendPage(
          req,
          res,
          { discounts: list },
          { total: answer.total, page: answer.page, limit: answer.limit, count: list.length, currentMaxId: null },
          pagination,
        );
      },
    ),
  );

  router.post(
    '/discounts',
    operation(
      {
        summary: 'Create a discount code',
        description:
          'A code buyers enter at checkout: `kind` percentage (`value` the percent), fixed_amount (`value` in minor units) or ' +
          'free_shipping; optionally a minimum subtotal, products or collections it is restricted to, a start and an end, a ' +
          'usage limit and once per buyer. A code is unique in the store whatever its case.',
        tag: 'Discounts',
        auth: 'store',
        input: createDiscountInput,
        answer: dataAnswer(discountJson),
      },
      async (_req, res, { storeId, call, input }) => {
        const request = orders.CreateDiscountRequest.fromPartial({ store_id: storeId, ...input() });
        ok(res, render(await clients.discounts.createDiscount(request, call)));
      },
    ),
  );

  router.get(
    '/discounts/:id',
    operation(
      {
        summary: 'Get a discount code',
        description: 'One discount code with how many times it is used.',
        tag: 'Discounts',
        auth: 'store',
        answer: dataAnswer(discountJson),
      },
      async (req, res, { storeId, call }) => {
        ok(res, render(await clients.discounts.getDiscount({ store_id: storeId, discount_id: pathId(req, DISCOUNT) }, call)));
      },
    ),
  );

  router.put(
    '/discounts/:id',
    operation(
      {
        summary: 'Update a discount code',
        description: 'Changes the fields sent; null clears `starts_at`, `ends_at` or `usage_limit`. The result is checked as a create is.',
        tag: 'Discounts',
        auth: 'store',
        input: updateDiscountInput,
        answer: dataAnswer(discountJson),
      },
      async (req, res, { storeId, call, input }) => {
        const discountId = pathId(req, DISCOUNT);
        const request = orders.UpdateDiscountRequest.fromPartial({ store_id: storeId, discount_id: discountId, ...input() });
        ok(res, render(await clients.discounts.updateDiscount(request, call)));
      },
    ),
  );

  router.delete(
    '/discounts/:id',
    operation(
      {
        summary: 'Delete a discount code',
        description: 'Answers the deleted discount; orders that used it keep their code text.',
        tag: 'Discounts',
        auth: 'store',
        answer: dataAnswer(discountJson),
      },
      async (req, res, { storeId, call }) => {
        ok(res, render(await clients.discounts.deleteDiscount({ store_id: storeId, discount_id: pathId(req, DISCOUNT) }, call)));
      },
    ),
  );
}
