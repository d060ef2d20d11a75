// Which e-mail each order event makes (docs/notifications.md#what-is-sent). Plain data in: the event's topic and
// resource as the API renders them (the order, a fulfillment or a refund).
import type { EmailKind } from './email-kinds';

/** The topics notifications takes from the orders stream; the others make no e-mail. */
export const MAIL_TOPICS = ['order/paid', 'order/shipped', 'fulfillment/updated', 'refund/created', 'order/canceled'] as const;
export type MailTopic = (typeof MAIL_TOPICS)[number];

export const isMailTopic = (topic: string): topic is MailTopic => (MAIL_TOPICS as readonly string[]).includes(topic);

type Json = Record<string, unknown>;

/** What an event asks for: the kinds to make, and where its order, fulfillment or refund is. */
export interface MailPlan {
  kinds: EmailKind[];
  /** The order, when the event carries it; else its id, for the orders service to answer. */
  order: Json | null;
  orderId: number;
  fulfillment?: Json;
  refund?: Json;
}

/**
 * The plan of an event: order/paid → the buyer's confirmation and the store's alert; order/shipped → the shipping
 * confirmation of the fulfillment it made (the newest) when that one asked to notify the customer; fulfillment/updated
 * → the same for the fulfillment changed; refund/created → the refund notice once the refund succeeded; order/canceled
 * → the cancellation notice. Null for an event that makes nothing.
 */
export function planOf(topic: MailTopic, resource: Json): MailPlan | null {
  switch (topic) {
    case 'order/paid':
      return { kinds: ['order_confirmation', 'new_order_alert'], order: resource, orderId: Number(resource.id) };
    case 'order/canceled':
      return { kinds: ['cancellation_notice'], order: resource, orderId: Number(resource.id) };
    case 'order/shipped': {
      const fulfillment = newestFulfillment(resource);
      if (!fulfillment || fulfillment.notify_customer !== true) return null;
      return { kinds: ['shipping_confirmation'], order: resource, orderId: Number(resource.id), fulfillment };
    }
    case 'fulfillment/updated':
      if (resource.notify_customer !== true) return null;
      return { kinds: ['shipping_confirmation'], order: null, orderId: Number(resource.order_id), fulfillment: resource };
    case 'refund/created':
      if (resource.status !== 'succeeded') return null;
      return { kinds: ['refund_notice'], order: null, orderId: Number(resource.order_id), refund: resource };
  }
}

/** The fulfillment a ship call made: the one with the highest id. */
function newestFulfillment(order: Json): Json | undefined {
  const fulfillments = Array.isArray(order.fulfillments) ? (order.fulfillments as Json[]) : [];
  return fulfillments.reduce<Json | undefined>(
    (newest, candidate) => (!newest || Number(candidate.id) > Number(newest.id) ? candidate : newest),
    undefined,
  );
}
