import type { Router } from 'express';
import { orders } from '@commerce/contracts';
import type { BackendClients } from '../../../clients';
import { ok } from '../../../http/envelope';
import { dataAnswer, fulfillmentJson } from '../../../openapi/answers';
import { operation } from '../../../openapi/operation';
import { pathId } from '../../path-id';
import { renderFulfillment } from './order-answer';
import { updateFulfillmentInput } from './orders.schemas';

/** docs/orders.md#fulfillments: past fulfillments are read with their order; this changes one's tracking fields. */
export function fulfillmentRoutes(router: Router, clients: BackendClients): void {
  router.put(
    '/orders/:order_id/fulfillments/:id',
    operation(
      {
        summary: "Update a fulfillment's tracking fields",
        description:
          'Changes the fields sent (`tracking_number`, `shipping_company`, `note_to_customer`); its items do not change. ' +
          'Past fulfillments are read with their order.',
        tag: 'Orders',
        auth: 'store',
        input: updateFulfillmentInput,
        answer: dataAnswer(fulfillmentJson),
      },
      async (req, res, { storeId, call, input }) => {
        const ids = { store_id: storeId, order_id: pathId(req, 'Order', 'order_id'), fulfillment_id: pathId(req, 'Fulfillment') };
        const changes = input();
        ok(
          res,
          renderFulfillment(
            await clients.orders.updateFulfillment(orders.UpdateFulfillmentRequest.fromPartial({ ...ids, ...changes }), call),
          ),
        );
      },
    ),
  );
}
