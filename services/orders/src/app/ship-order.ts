import type { orders } from '@commerce/contracts';
import { validationFailed } from '@commerce/grpc-runtime';
import { trackingViolations } from '../domain/fulfillment-input';
import { ship, type ShipRequest } from '../domain/order-transitions';
import { fulfillmentMessage, orderMessage } from './order-message';
import { orderEvent, writeOrder } from './order-writer';
import type { OrdersDeps } from './orders-deps';
import { storeZone } from '@commerce/store-zones';
import { refusalError } from './transition-refusal';

/** Ships the chosen (or all unshipped) items in a new fulfillment; order/shipped carries the order. */
export async function shipOrder(
  deps: Pick<OrdersDeps, 'orders' | 'zones' | 'storefront' | 'nextId' | 'clock' | 'queue'>,
  storeId: number,
  orderId: number,
  request: ShipRequest,
): Promise<orders.ShipOrderResponse> {
  const violations = trackingViolations(request);
  if (Object.keys(violations).length > 0) throw validationFailed(violations);
  const timeZone = await storeZone(deps, storeId);
  let fulfillmentId = 0;
  return writeOrder(deps, storeId, orderId, async (current) => {
    // The rules first, so a refused ship allocates no fulfillment id; the id then survives a conflict retry.
    const dryRun = ship(current, request, 0, deps.clock());
    if ('refused' in dryRun) throw refusalError(dryRun.refused);
    fulfillmentId ||= await deps.nextId('fulfillments');
    const outcome = ship(current, request, fulfillmentId, deps.clock());
    if ('refused' in outcome) throw refusalError(outcome.refused);
    const { order, fulfillment } = outcome.ok;
    return {
      next: order,
      events: (sequence) => [orderEvent('order/shipped', order, sequence, timeZone, order.updated_at)],
      result: (written) => ({
        order: orderMessage(written),
        fulfillment: fulfillmentMessage(written, fulfillment.id),
        time_zone: timeZone,
      }),
    };
  });
}
