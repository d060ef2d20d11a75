import type { orders } from '@commerce/contracts';
import type { Order } from '../domain/order';
import type { Outcome } from '../domain/order-transitions';
import { orderMessage } from './order-message';
import { orderEvent, writeOrder, type OrderTopic } from './order-writer';
import type { OrdersDeps } from './orders-deps';
import { storeZone } from '@commerce/store-zones';
import { refusalError } from './transition-refusal';

/** One status change of the state machine with its event: the shared body of hold, open and cancel. */
export async function changeStatus(
  deps: Pick<OrdersDeps, 'orders' | 'zones' | 'storefront' | 'clock' | 'queue'>,
  storeId: number,
  orderId: number,
  transition: (order: Order, now: Date) => Outcome<Order>,
  topic: OrderTopic,
): Promise<{ order: orders.Order; time_zone: string; written: Order }> {
  const timeZone = await storeZone(deps, storeId);
  return writeOrder(deps, storeId, orderId, (current) => {
    const outcome = transition(current, deps.clock());
    if ('refused' in outcome) throw refusalError(outcome.refused);
    const next = outcome.ok;
    return {
      next,
      events: (sequence) => [orderEvent(topic, next, sequence, timeZone, next.updated_at)],
      result: (written) => ({ order: orderMessage(written), time_zone: timeZone, written }),
    };
  });
}
