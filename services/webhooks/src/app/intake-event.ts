import { PUBLIC_TOPICS, subscribesTo, type DomainEvent } from '@commerce/events';
import { NO_LEASE } from '../domain/delivery';
import type { DeliveryDocument, StoredEventDocument } from '../infra/delivery.repository';
import type { DeliveryDeps } from './delivery-deps';

const PUBLIC = new Set<string>(PUBLIC_TOPICS);

export const resourceKeyOf = (event: { resource_type: string; resource_id: number }): string => `${event.resource_type}:${event.resource_id}`;

/**
 * An event from the bus (DESIGN §11): a public one is stored in the events feed and becomes a delivery job for
 * every active webhook of its store subscribed to its topic, due at once. Both writes are idempotent by event id,
 * and once the jobs are written the event is marked so: a redelivered message changes nothing. Answers the number
 * of jobs written.
 */
/** Ids of one event's jobs are taken from one counter value: block × JOBS_PER_BLOCK + 1, + 2... (a store has at most 50 webhooks). */
export const JOBS_PER_BLOCK = 64;

/** A delivery job of the event for the webhook, due at `now`. */
export function newJob(id: number, webhookId: number, event: StoredEventDocument, now: Date): DeliveryDocument {
  return {
    id,
    webhook_id: webhookId,
    store_id: event.store_id,
    event_id: event.id,
    topic: event.topic,
    resource_key: resourceKeyOf(event),
    lane: `${webhookId}|${resourceKeyOf(event)}`,
    sequence: event.sequence,
    occurred_at: event.occurred_at,
    status: 'pending',
    next_attempt_at: now,
    first_attempt_at: null,
    attempt_count: 0,
    series_attempts: 0,
    attempts: [],
    lease_until: NO_LEASE,
    lease_owner: '',
    last_error: null,
    created_at: now,
    updated_at: now,
  };
}

export async function intakeEvent(deps: Pick<DeliveryDeps, 'webhooks' | 'deliveries' | 'nextId' | 'clock'>, event: DomainEvent): Promise<number> {
  if (!PUBLIC.has(event.topic)) return 0;
  const now = deps.clock();
  // The event, its store's webhooks and the jobs' ids at once (one commit to wait for): the consumer takes one event at a time.
  const [stored, active, block] = await Promise.all([
    deps.deliveries.insertEvent({
      id: event.id,
      topic: event.topic,
      store_id: event.store_id,
      occurred_at: event.occurred_at,
      resource: event.resource,
      sequence: event.sequence,
      resource_type: event.resource_type,
      resource_id: event.resource_id,
      received_at: now,
      fanned_out: false,
    }),
    deps.webhooks.active(event.store_id),
    deps.nextId('delivery_blocks'),
  ]);
  if (stored.fanned_out) return 0;
  const subscribed = active.filter((webhook) => subscribesTo(webhook.events, event.topic));
  const written = subscribed.length > 0 ? await deps.deliveries.insertDeliveries(subscribed.map((webhook, index) => newJob(block * JOBS_PER_BLOCK + index + 1, webhook.id, stored, now))) : 0;
  // Only once the jobs are stored: a crash before leaves the event to be fanned out again when it is redelivered.
  await deps.deliveries.markFannedOut(event.id);
  return written;
}
