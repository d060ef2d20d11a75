import type { Collection, Doc, Update } from '@commerce/persistence';
import { currentTraceCarrier, type TraceCarrier } from '@commerce/tracing';
import { OUTBOX_PENDING_FIELD } from './outbox';

/**
 * The same collection, but every write that adds events to a document's `outbox` (an insert carrying
 * them, `$push` or `$set` on `outbox`) also sets `outbox_pending`, in the same write. The relay finds
 * pending events through that flag's index, so publishing costs the same in a collection of any size.
 * Every collection the relay serves must be written through this.
 *
 * When the write is traced, the events an insert or a `$push` adds also get its trace context (`trace`), so
 * their publication and what consumers do with them join the trace of the change that caused them.
 */
export function outboxTracking<T extends Doc>(collection: Collection<T>): Collection<T> {
  return new Proxy(collection, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver) as unknown;
      if (typeof value !== 'function') return value;
      const call = (...args: unknown[]) => (value as (...a: unknown[]) => unknown).apply(target, args);
      switch (property) {
        case 'insertOne':
          return (doc: T) => call(flagInsert(doc));
        case 'insertMany':
          return (docs: T[]) => call(docs.map(flagInsert));
        case 'updateOne':
        case 'updateMany':
        case 'findOneAndUpdate':
          return (filter: unknown, update: Update, ...rest: unknown[]) => call(filter, flagUpdate(update), ...rest);
        default:
          return value;
      }
    },
  });
}

function flagInsert<T extends Doc>(doc: T): T {
  const outbox = (doc as Doc).outbox;
  if (!Array.isArray(outbox) || outbox.length === 0) return doc;
  const carrier = currentTraceCarrier();
  return { ...doc, ...(carrier ? { outbox: outbox.map((event) => traced(event, carrier)) } : {}), [OUTBOX_PENDING_FIELD]: true };
}

function flagUpdate(update: Update): Update {
  const push = update.$push as Record<string, unknown> | undefined;
  const set = (update.$set as Record<string, unknown> | undefined) ?? {};
  if (!(push !== undefined && 'outbox' in push) && !setsEvents(set)) return update;
  const carrier = push && 'outbox' in push ? currentTraceCarrier() : undefined;
  return {
    ...update,
    ...(carrier ? { $push: { ...push, outbox: tracedPush(push!.outbox, carrier) } } : {}),
    $set: { ...set, [OUTBOX_PENDING_FIELD]: true },
  };
}

/** A `$set` of the outbox adds events unless it empties it (the relay's removal of the last ones, which clears the flag). */
function setsEvents(set: Record<string, unknown>): boolean {
  return 'outbox' in set && !(Array.isArray(set.outbox) && set.outbox.length === 0);
}

/** `$push: { outbox: event }` or `$push: { outbox: { $each: [...] } }`, its events carrying the trace context. */
function tracedPush(value: unknown, carrier: TraceCarrier): unknown {
  const each = typeof value === 'object' && value !== null ? (value as { $each?: unknown }).$each : undefined;
  if (Array.isArray(each)) return { ...(value as object), $each: each.map((event) => traced(event, carrier)) };
  return traced(value, carrier);
}

/** The event with the trace context, unless it carries one already. */
function traced(event: unknown, carrier: TraceCarrier): unknown {
  return typeof event === 'object' && event !== null && !('trace' in event) ? { ...event, trace: carrier } : event;
}
