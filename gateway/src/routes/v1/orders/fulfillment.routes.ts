import type { Router } from 'express';
import { orders } from '@commerce/contracts';
import type { BackendClients } from '../../../clients';
import { parseInput } from '../../../http/coerce';
import { ok } from '../../../http/envelope';
import { readParams } from '../../../http/input';
import { pathId } from '../../path-id';
import { route } from '../../route';
import { renderFulfillment } from './order-answer';
import { updateFulfillmentInput } from './orders.schemas';

/** Spec 4.5: past fulfillments are read with their order; this changes one's tracking fields. */
export function fulfillmentRoutes(router: Router, clients: BackendClients): void {
  router.put(
    '/orders/:order_id/fulfillments/:id',
    route(async (req, res, { storeId, call }) => {
      const ids = { store_id: storeId, order_id: pathId(req, 'Order', 'order_id'), fulfillment_id: pathId(req, 'Fulfillment') };
      const changes = parseInput(updateFulfillmentInput, readParams(req));
      ok(res, renderFulfillment(await clients.orders.updateFulfillment(orders.UpdateFulfillmentRequest.fromPartial({ ...ids, ...changes }), call)));
    }),
  );
}
