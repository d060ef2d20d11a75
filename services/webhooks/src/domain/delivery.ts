// A delivery job (docs/webhooks.md#answers-retries-and-their-end): one event for one webhook, its attempts, its retry schedule and how an
// answer ends it. The retry schedule is the one notifications' e-mail follows too (@commerce/delivery).
import { HOUR, SECOND } from '@commerce/delivery';

/** pending: to be sent (or resent) at next_attempt_at; the others are final. */
export const DELIVERY_STATUSES = ['pending', 'delivered', 'failed', 'aborted', 'canceled'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/** How long a receiver has to answer. */
export const DELIVERY_TIMEOUT_MS = 15 * SECOND;
/** The events feed keeps 30 days (docs/webhooks.md#the-events-feed); final deliveries and logged attempts go with their events. */
export const EVENTS_KEPT_MS = 30 * 24 * HOUR;

/** The request body (Standard Webhooks): the topic, when it happened, and the resource as the API renders it. */
export function deliveryBody(event: { topic: string; occurred_at: string; resource: unknown }): string {
  return JSON.stringify({ type: event.topic, timestamp: event.occurred_at, data: event.resource });
}
