import type { Router } from 'express';
import { presentShippingRate } from '@commerce/api-presenters';
import { shipping } from '@commerce/contracts';
import type { BackendClients } from '../../../clients';
import { parseInput } from '../../../http/coerce';
import { ok } from '../../../http/envelope';
import { readParams } from '../../../http/input';
import { route } from '../../route';
import { shippingRatePairInput, updateShippingRateInput } from './shipping.schemas';

/**
 * Spec 4.11: one (group, class) pair, named by query or body; 404 when either end is not the store's.
 * DELETE (beyond the spec) removes the pair's rate, answering the pair as it was; 404 also when it has none.
 */
export function shippingRateRoutes(router: Router, clients: BackendClients): void {
  router.get(
    '/shipping_rate',
    route(async (req, res, { storeId, call }) => {
      const pair = parseInput(shippingRatePairInput, readParams(req));
      ok(res, presentShippingRate(await clients.shipping.getShippingRate({ store_id: storeId, ...pair }, call)));
    }),
  );

  router.put(
    '/shipping_rate',
    route(async (req, res, { storeId, call }) => {
      const input = parseInput(updateShippingRateInput, readParams(req));
      const request = shipping.UpdateShippingRateRequest.fromPartial({ store_id: storeId, ...input });
      ok(res, presentShippingRate(await clients.shipping.updateShippingRate(request, call)));
    }),
  );

  router.delete(
    '/shipping_rate',
    route(async (req, res, { storeId, call }) => {
      const pair = parseInput(shippingRatePairInput, readParams(req));
      ok(res, presentShippingRate(await clients.shipping.deleteShippingRate({ store_id: storeId, ...pair }, call)));
    }),
  );
}
