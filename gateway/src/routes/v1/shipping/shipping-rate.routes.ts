import type { Router } from 'express';
import { presentShippingRate } from '@commerce/api-presenters';
import { shipping } from '@commerce/contracts';
import type { BackendClients } from '../../../clients';
import { ok } from '../../../http/envelope';
import { dataAnswer, shippingRateJson } from '../../../openapi/answers';
import { operation } from '../../../openapi/operation';
import { shippingRatePairInput, updateShippingRateInput } from './shipping.schemas';

/**
 * docs/shipping.md#shipping-rates: one (group, class) pair, named by query or body; 404 when either end is not the store's.
 * DELETE (beyond the spec) removes the pair's rate, answering the pair as it was; 404 also when it has none.
 */
export function shippingRateRoutes(router: Router, clients: BackendClients): void {
  router.get(
    '/shipping_rate',
    operation(
      {
        summary: 'Get the rate of a shipping group and class',
        description:
          'The group (with its products) and the class, and the rate that joins them; the amounts are null when the pair has no rate.',
        tag: 'Shipping',
        auth: 'store',
        input: shippingRatePairInput,
        answer: dataAnswer(shippingRateJson),
        errors: [404],
      },
      async (_req, res, { storeId, call, input }) => {
        const pair = input();
        ok(res, presentShippingRate(await clients.shipping.getShippingRate({ store_id: storeId, ...pair }, call)));
      },
    ),
  );

  router.put(
    '/shipping_rate',
    operation(
      {
        summary: 'Set the rate of a shipping group and class',
        description: "Creates or replaces the pair's rate; an amount left out keeps its value (0 for a new rate).",
        tag: 'Shipping',
        auth: 'store',
        input: updateShippingRateInput,
        answer: dataAnswer(shippingRateJson),
        errors: [404],
      },
      async (_req, res, { storeId, call, input }) => {
        const request = shipping.UpdateShippingRateRequest.fromPartial({ store_id: storeId, ...input() });
        ok(res, presentShippingRate(await clients.shipping.updateShippingRate(request, call)));
      },
    ),
  );

  router.delete(
    '/shipping_rate',
    operation(
      {
        summary: 'Remove the rate of a shipping group and class',
        description: 'Answers the pair as it was; 404 also when it has no rate.',
        tag: 'Shipping',
        auth: 'store',
        input: shippingRatePairInput,
        answer: dataAnswer(shippingRateJson),
        errors: [404],
      },
      async (_req, res, { storeId, call, input }) => {
        const pair = input();
        ok(res, presentShippingRate(await clients.shipping.deleteShippingRate({ store_id: storeId, ...pair }, call)));
      },
    ),
  );
}
