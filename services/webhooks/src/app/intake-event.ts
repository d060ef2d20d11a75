import { PUBLIC_TOPICS, subscribesTo, type DomainEvent } from '@commerce/events';
import { currentTraceCarrier } from '@commerce/tracing';
import { NO_LEASE } from '../domain/delivery';
import type { DeliveryDocument } from '../infra/delivery.documents';
import type { EventToFanOut } from '../infra/delivery.repository';
import type { DeliveryDeps } from './delivery-deps';

const PUBLIC = new Set<string>(PUBLIC_TOPICS);

export const resourceKeyOf = (event: { resource_type: string; resource_id: number }): string => `${event.resource_type}:${event.resource_id}`;

/** Ids of one event's jobs are taken from one counter value: block × JOBS_PER_BLOCK + 1, + 2... (a store has at most 50 webhooks). */
export const JOBS_PER_BLOCK = 64;

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

/**
 * An event from the bus (DESIGN §11): a public one is stored in the events feed, waiting for its fan-out when an
 * active webhook of its store subscribes to its topic; the consumer acks it then. One write per event: the jobs are
 * made by fanOutEvents, for many events at once. An event no webhook wants is stored as fanned out already, so it
 * costs no second write (a webhook created later is not owed it: it happened before; one created earlier is
 * committed before the event was even published, so this read sees it). Idempotent by event id: a redelivered
 * message changes nothing. Answers whether the event waits for its fan-out.
 */
export async function storeEvent(deps: Pick<DeliveryDeps, 'deliveries' | 'webhooks' | 'clock'>, event: DomainEvent): Promise<boolean> {
  if (!PUBLIC.has(event.topic)) {
    await storeSequenceMark(deps, event);
    return false;
  }
  const wanted = (await deps.webhooks.active(event.store_id)).some((webhook) => subscribesTo(webhook.events, event.topic));
  // The consumer's process span, when traced: kept with the event for the deliveries made of it later.
  const trace = currentTraceCarrier();
  const stored = await deps.deliveries.insertEvent({
    id: event.id,
    topic: event.topic,
    store_id: event.store_id,
    occurred_at: event.occurred_at,
    resource: event.resource,
    sequence: event.sequence,
    resource_type: event.resource_type,
    resource_id: event.resource_id,
    received_at: deps.clock(),
    fanned_out: !wanted,
    ...(trace ? { trace } : {}),
  });
  return !stored.fanned_out;
}

/**
 * An internal event (store/created...) is never delivered nor in the feed, but it takes a place in its resource's
 * sequence: a mark of it (no resource) lets the resource's next public event find its predecessor at once instead
 * of waiting PREDECESSOR_WAIT_MS.
 */
async function storeSequenceMark(deps: Pick<DeliveryDeps, 'deliveries' | 'clock'>, event: DomainEvent): Promise<void> {
  const { id, topic, store_id, occurred_at, sequence, resource_type, resource_id } = event;
  await deps.deliveries.insertEvent({ id, topic, store_id, occurred_at, resource: null, sequence, resource_type, resource_id, received_at: deps.clock(), fanned_out: true });
}

/** Events fanned out per pass at most. */
export const FAN_OUT_BATCH = 500;

/**
 * How long an event waits for the event of its resource before it (sequence - 1) to be stored before its jobs are
 * made anyway. Replicas share each stream's consumer, so two events of one resource may be stored by two replicas
 * in the wrong order, a few milliseconds apart: jobs made only once the predecessor is there keep the resource's
 * order. A predecessor that never comes (pruned, or a topic the feed does not keep) costs its successor this wait.
 */
export const PREDECESSOR_WAIT_MS = 5_000;

/**
 * Makes the delivery jobs of the stored events not fanned out yet (oldest first): one per active webhook of the
 * event's store subscribed to its topic, due at once; then marks the events, only once their jobs are stored (a
 * crash in between leaves them to the next pass, which skips the jobs already there). The events of a pass share
 * each round of writes. Answers how many events were fanned out and how many jobs written.
 */
export async function fanOutEvents(deps: Pick<DeliveryDeps, 'webhooks' | 'deliveries' | 'nextId' | 'clock'>, limit = FAN_OUT_BATCH): Promise<{ events: number; jobs: number }> {
  const stored = await deps.deliveries.eventsToFanOut(limit);
  const now = deps.clock();
  const ready = await Promise.all(
    stored.map(async (event) => event.sequence <= 1 || now.getTime() - new Date(event.received_at).getTime() >= PREDECESSOR_WAIT_MS || (await deps.deliveries.hasPredecessor(event))),
  );
  const events = stored.filter((_, i) => ready[i]);
  if (events.length === 0) return { events: 0, jobs: 0 };
  const storeIds = [...new Set(events.map((event) => event.store_id))];
  const activeOf = new Map(await Promise.all(storeIds.map(async (storeId) => [storeId, await deps.webhooks.active(storeId)] as const)));
  const written = await Promise.all(
    events.map(async (event) => {
      const subscribed = activeOf.get(event.store_id)!.filter((webhook) => subscribesTo(webhook.events, event.topic));
      if (subscribed.length === 0) return 0;
      const block = await deps.nextId('delivery_blocks');
      return deps.deliveries.insertDeliveries(subscribed.map((webhook, index) => newJob(block * JOBS_PER_BLOCK + index + 1, webhook.id, event, now)));
    }),
  );
  await deps.deliveries.markFannedOut(events.map((event) => event.id));
  return { events: events.length, jobs: written.reduce((sum, n) => sum + n, 0) };
}
