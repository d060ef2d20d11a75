import type { Router } from 'express';
import { presentRefund, presentRefundCalculation } from '@commerce/api-presenters';
import { orders } from '@commerce/contracts';
import type { BackendClients } from '../../../clients';
import { ok } from '../../../http/envelope';
import { refusePaging } from '../../../http/page-params';
import { dataAnswer, listAnswer, refundCalculationJson, refundJson } from '../../../openapi/answers';
import { operation } from '../../../openapi/operation';
import { pathId } from '../../path-id';
import { recordOf } from './order-answer';
import { calculateRefundInput, createRefundInput } from './refund.schemas';

const ORDER = 'Order';

/** docs/money.md#refunds: an order's refunds, each route input → one OrdersService call → its presenter. */
export function refundRoutes(router: Router, clients: BackendClients): void {
  router.post(
    '/orders/:id/refunds',
    operation(
      {
        summary: 'Refund an order',
        description:
          'An amount (`amount_in_cents`) or items and quantities (`items`, with `shipping` to include the shipping), through ' +
          "the order's payment processor; `restock` puts the items back in stock. Never more than what was paid less what " +
          'was refunded: 422 naming what is left. 409 `NotPaid` for an order never paid, `RefundDeclined` when the ' +
          'processor refuses. Send an `Idempotency-Key` to retry safely.',
        tag: 'Orders',
        auth: 'store',
        input: createRefundInput,
        answer: dataAnswer(refundJson),
      },
      async (req, res, { storeId, call, input }) => {
        const answer = await clients.orders.createRefund(
          orders.CreateRefundRequest.fromPartial({
            store_id: storeId,
            order_id: pathId(req, ORDER),
            ...input(),
            refund_key: req.header('idempotency-key') ?? '',
          }),
          call,
        );
        ok(res, presentRefund(recordOf(answer.refund, 'refund'), answer.time_zone));
      },
    ),
  );

  router.post(
    '/orders/:id/refunds/calculate',
    operation(
      {
        summary: 'Calculate a refund',
        description:
          'What `POST /v1/orders/{id}/refunds` would make of the same input now, by the same rules: its amount, what each ' +
          "item line and the shipping give back, and what would be left to refund after it, in the order's currency. " +
          'Refuses what the refund would (422 naming the field, 409 `NotPaid`). Changes nothing and asks no payment ' +
          'processor, so `store_read` is enough.',
        tag: 'Orders',
        auth: 'store',
        scope: 'store_read',
        idempotencyKey: false,
        input: calculateRefundInput,
        answer: dataAnswer(refundCalculationJson),
      },
      async (req, res, { storeId, call, input }) => {
        const answer = await clients.orders.calculateRefund(
          orders.CalculateRefundRequest.fromPartial({ store_id: storeId, order_id: pathId(req, ORDER), ...input() }),
          call,
        );
        ok(res, presentRefundCalculation(answer));
      },
    ),
  );

  router.get(
    '/orders/:id/refunds',
    operation(
      {
        summary: "List an order's refunds",
        description: 'Oldest first, a pending one included (`status: pending` while the processor is asked). Unpaged.',
        tag: 'Orders',
        auth: 'store',
        answer: listAnswer('refunds', refundJson),
      },
      async (req, res, { storeId, call }) => {
        refusePaging(req);
        const answer = await clients.orders.listRefunds({ store_id: storeId, order_id: pathId(req, ORDER) }, call);
        ok(res, { refunds: answer.refunds.map((refund) => presentRefund(refund, answer.time_zone)) });
      },
    ),
  );
}
