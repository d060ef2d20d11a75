import type { Collection, Doc, Filter, Update } from '@commerce/persistence';
import type { TraceCarrier } from '@commerce/tracing';
import type { DomainEvent } from './domain-event';

/**
 * An event waiting in an outbox: the envelope, and the trace context of the change that wrote it when that was
 * traced (set by `OutboxCollection`), which the relay sends as message headers, never in the envelope.
 */
export type OutboxEvent = DomainEvent & { trace?: TraceCarrier };

/** A stored document that carries its not-yet-published events (docs/events.md#how-an-event-leaves-a-service transactional outbox). */
export type OutboxDocument = Doc & { outbox?: OutboxEvent[] };

/**
 * Set on a document while its outbox may hold events, and indexed, so the relay finds pending events
 * without reading every document of a collection (`outbox.0` alone cannot use an index).
 * Events are written through `OutboxCollection` (outbox-collection.ts), which sets it; the relay clears it once drained.
 */
export const OUTBOX_PENDING_FIELD = 'outbox_pending';

/** Documents with at least one pending event, through the `outbox_pending` index; the same on MongoDB and the embedded engines. */
export const PENDING_OUTBOX_FILTER: Filter = { [OUTBOX_PENDING_FIELD]: true, 'outbox.0': { $exists: true } };

/** Flagged documents whose outbox is empty again: the relay clears their flag. */
export const DRAINED_OUTBOX_FILTER: Filter = { [OUTBOX_PENDING_FIELD]: true, 'outbox.0': { $exists: false } };

/**
 * Flags every document whose outbox holds events, flagged or not: for documents written before the flag existed.
 * A full read of the collection, so it runs once per database, as the service host's migration `host/1`.
 */
export async function flagPendingOutboxes(collection: Collection<OutboxDocument>): Promise<void> {
  await collection.updateMany({ 'outbox.0': { $exists: true } }, { $set: { [OUTBOX_PENDING_FIELD]: true } });
}

/**
 * Removes published events, the document's oldest ones in order (`eventIds[0]` is at position 0): the relay
 * publishes a document's events in order and removes them once acknowledged. The filter is served by the
 * pending flag's index and decided there on every engine (no index on array elements needed).
 */
export function outboxRemoval(eventIds: readonly string[]): { filter: Filter; update: Update } {
  return {
    filter: { [OUTBOX_PENDING_FIELD]: true, 'outbox.0.id': eventIds[0] },
    update: { $pull: { outbox: { id: { $in: [...eventIds] } } } },
  };
}

/**
 * Removes published events that are all the document holds and clears its pending flag, in one atomic
 * write; matches nothing when another event was appended meanwhile (then `outboxRemoval` applies and the
 * flag stays). So drained documents leave the flag's index at once and the relay never walks them.
 * The filter pins the outbox to those events (it starts with the first, events are only appended, and it has
 * no more than them), so the update simply empties it: a `$set` of whole fields, which SQLite applies in SQL
 * without reading the document (the events in it carry whole resources).
 */
export function lastOutboxRemoval(eventIds: readonly string[]): { filter: Filter; update: Update } {
  return {
    filter: { ...outboxRemoval(eventIds).filter, [`outbox.${eventIds.length}`]: { $exists: false } },
    update: { $set: { outbox: [], [OUTBOX_PENDING_FIELD]: false } },
  };
}

/** Documents read per collection when measuring the backlog. */
const BACKLOG_SCAN_LIMIT = 10_000;

/**
 * What waits to be published (metrics): the events in the collections' outboxes, and how long the oldest has waited,
 * which is the relay's lag. Reads at most `BACKLOG_SCAN_LIMIT` documents per collection: past that the backlog is
 * reported as at least that large.
 */
export async function outboxBacklog(
  collections: ReadonlyArray<Collection<OutboxDocument>>,
  now: number,
): Promise<{ events: number; oldestAgeSeconds: number }> {
  let events = 0;
  let oldest = now;
  for (const collection of collections) {
    const pending = await collection.findFields(PENDING_OUTBOX_FILTER, ['outbox'], { limit: BACKLOG_SCAN_LIMIT });
    for (const { outbox = [] } of pending) {
      events += outbox.length;
      for (const event of outbox) oldest = Math.min(oldest, Date.parse(event.occurred_at) || now);
    }
  }
  return { events, oldestAgeSeconds: Math.max(0, (now - oldest) / 1000) };
}
