import { NO_LEASE } from '@commerce/delivery';
import type { DeliveryDocument, EventToFanOut } from '../infra/delivery.documents';
import type { WebhooksDeps } from './webhooks-deps';

export const resourceKeyOf = (event: { resource_type: string; resource_id: number }): string =>
  `${event.resource_type}:${event.resource_id}`;

/** Ids of one event's jobs are taken from one counter value: block × JOBS_PER_BLOCK + 1, + 2... (a store has at most 50 webhooks). */
export const JOBS_PER_BLOCK = 64;

/** The id of a job made on its own (a replay, a ping): the first of a new block, which it leaves otherwise unused. */
export async function newJobId(deps: Pick<WebhooksDeps, 'nextId'>): Promise<number> {
  return (await deps.nextId('delivery_blocks')) * JOBS_PER_BLOCK + 1;
}

/** A delivery job of the event for the webhook, due at `now`. */
export function newJob(id: number, webhookId: number, event: EventToFanOut, now: Date): DeliveryDocument {
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
