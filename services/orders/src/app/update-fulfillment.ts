import type { orders } from '@commerce/contracts';
import { notFound, validationFailed } from '@commerce/grpc-runtime';
import { trackingViolations } from '../domain/fulfillment-input';
import { updateTracking, type TrackingChange } from '../domain/order-transitions';
import { fulfillmentMessage, orderMessage } from './order-message';
import { fulfillmentEvent, writeOrder } from './order-writer';
import type { OrdersDeps } from './orders-deps';
import { storeZone } from '@commerce/store-zones';

/** Changes one fulfillment's tracking fields (fulfillment/updated); a fulfillment of another order is NOT_FOUND. */
export async function updateFulfillment(
  deps: Pick<OrdersDeps, 'orders' | 'zones' | 'storefront' | 'clock' | 'queue'>,
  storeId: number,
  orderId: number,
  fulfillmentId: number,
  change: TrackingChange,
): Promise<orders.UpdateFulfillmentResponse> {
  const violations = trackingViolations(change);
  if (Object.keys(violations).length > 0) throw validationFailed(violations);
  const timeZone = await storeZone(deps, storeId);
  return writeOrder<orders.UpdateFulfillmentResponse>(deps, storeId, orderId, (current) => {
    const updated = updateTracking(current, fulfillmentId, change, deps.clock());
    if (!updated) throw notFound('fulfillment');
    const answer = (order: typeof current) => ({
      fulfillment: fulfillmentMessage(order, fulfillmentId),
      order: orderMessage(order),
      time_zone: timeZone,
    });
    if (!updated.changed) return { unchanged: answer(current) };
    return {
      next: updated.order,
      events: (sequence) => [fulfillmentEvent(updated.order, fulfillmentId, sequence, timeZone, updated.order.updated_at)],
      result: answer,
    };
  });
}
