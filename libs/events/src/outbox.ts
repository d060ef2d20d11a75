import type { Doc, Filter, Update } from '@commerce/persistence';
import type { DomainEvent } from './domain-event';

/** A stored document that carries its not-yet-published events (DESIGN §5 transactional outbox). */
export type OutboxDocument = Doc & { outbox?: DomainEvent[] };

/** Matches documents with at least one pending event; works the same on MongoDB and the embedded engines. */
export const PENDING_OUTBOX_FILTER: Filter = { 'outbox.0': { $exists: true } };

/**
 * Adds "append this event to the document's outbox" to an update, so the state change and its event
 * are one atomic single-document write on every engine (no transactions needed).
 * Keeping `version` in step with `event.sequence` stays the caller's job.
 */
export function withOutbox(update: Update, event: DomainEvent): Update {
  const push = update.$push;
  if (push !== undefined && (typeof push !== 'object' || push === null || Array.isArray(push))) {
    throw new Error('withOutbox: $push must be an object');
  }
  if (push && 'outbox' in push) throw new Error('withOutbox: the update already pushes onto outbox');
  return { ...update, $push: { ...(push ?? {}), outbox: event } };
}

/** Removes exactly one published event; the filter also finds the document, since event ids are unique. */
export function outboxRemoval(eventId: string): { filter: Filter; update: Update } {
  return { filter: { 'outbox.id': eventId }, update: { $pull: { outbox: { id: eventId } } } };
}
