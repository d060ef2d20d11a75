// Whose history an event is part of (docs/webhooks.md#the-events-feed): what the feed's resource and order filters read.

/** The resource types whose events are an order's history besides its own: each carries its order's id. */
const ORDER_PARTS = new Set(['fulfillment', 'refund']);

export interface EventAbout {
  resource_type: string;
  resource_id: number;
  resource: unknown;
}

/**
 * The key of the history the event belongs to: an order's events, and those of its fulfillments and refunds (whose
 * resource names the order, `order_id`), are `order:<id>`; any other event is its own resource's, `<type>:<id>`.
 */
export function historyKeyOf(event: EventAbout): string {
  if (ORDER_PARTS.has(event.resource_type)) {
    const orderId = (event.resource as { order_id?: unknown } | null)?.order_id;
    if (typeof orderId === 'number') return orderHistoryKey(orderId);
  }
  return `${event.resource_type}:${event.resource_id}`;
}

export const orderHistoryKey = (orderId: number): string => `order:${orderId}`;

/** Whether the history key of a resource's events can be told from the resource alone (else it is read off one of them). */
export const isOrderPart = (resourceType: string): boolean => ORDER_PARTS.has(resourceType);

/** A resource type as envelopes spell it (`order`, `shipping_group`): anything else names no event. */
export const RESOURCE_TYPE = /^[a-z][a-z0-9_]{0,49}$/;
