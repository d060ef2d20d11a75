import { presentFulfillment, presentOrder, presentRefund } from '@commerce/api-presenters';
import { newEvent, type DomainEvent } from '@commerce/events';
import { conflict, notFound } from '@commerce/grpc-runtime';
import type { Order, Refund } from '../domain/order';
import type { OrderDocument } from '../infra/order.repository';
import { fulfillmentMessage, orderMessage, refundMessage } from './order-message';
import type { OrdersDeps } from './orders-deps';

export type OrderTopic =
  'order/created' | 'order/paid' | 'order/updated' | 'order/shipped' | 'order/on_hold' | 'order/opened' | 'order/canceled';

/** The event of an order's change, its resource the order as the API renders it. */
export function orderEvent(topic: OrderTopic, order: Order, sequence: number, timeZone: string, now: Date): DomainEvent {
  return newEvent({
    topic,
    storeId: order.store_id,
    resourceType: 'order',
    resourceId: order.id,
    sequence,
    resource: presentOrder(orderMessage(order), timeZone),
    now,
  });
}

/** fulfillment/updated, its resource the fulfillment as rendered (sequenced with its order's changes). */
export function fulfillmentEvent(order: Order, fulfillmentId: number, sequence: number, timeZone: string, now: Date): DomainEvent {
  const message = orderMessage(order);
  return newEvent({
    topic: 'fulfillment/updated',
    storeId: order.store_id,
    resourceType: 'fulfillment',
    resourceId: fulfillmentId,
    sequence,
    resource: presentFulfillment(fulfillmentMessage(order, fulfillmentId)!, message, timeZone),
    now,
  });
}

/** refund/created, its resource the refund as rendered (sequenced with its order's changes). */
export function refundEvent(order: Order, refund: Refund, sequence: number, timeZone: string, now: Date): DomainEvent {
  return newEvent({
    topic: 'refund/created',
    storeId: order.store_id,
    resourceType: 'refund',
    resourceId: refund.id,
    sequence,
    resource: presentRefund(refundMessage(order, refund), timeZone),
    now,
  });
}

/** What a change makes of the order, with the events it causes; null when nothing changes. */
export type OrderChange<R> =
  { next: Order; events: (sequence: number) => DomainEvent[]; result: (written: OrderDocument) => R } | { unchanged: R };

const MAX_ATTEMPTS = 8;

export const orderKey = (storeId: number, orderId: number): string => `order:${storeId}:${orderId}`;

/**
 * The one way a stored order changes: read, apply `change` (may throw a domain error), write the
 * result with its events in one update guarded by the version read, and start over from a fresh read
 * when another writer got there first. Changes of one order in this process run one at a time.
 */
export function writeOrder<R>(
  deps: Pick<OrdersDeps, 'orders' | 'queue'>,
  storeId: number,
  orderId: number,
  change: (current: OrderDocument) => OrderChange<R> | Promise<OrderChange<R>>,
): Promise<R> {
  return deps.queue.run(orderKey(storeId, orderId), async () => {
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      const current = await deps.orders.findOne(storeId, orderId);
      if (!current) throw notFound('order');
      const proposed = await change(current);
      if ('unchanged' in proposed) return proposed.unchanged;
      const written = await deps.orders.replace(current, proposed.next, proposed.events(current.version + 1));
      if (written) return proposed.result(written);
    }
    throw conflict('The order is being changed by another request; try again');
  });
}
