import type { Collection, Doc, Update } from '@commerce/persistence';
import { OUTBOX_PENDING_FIELD } from './outbox';

/**
 * The same collection, but every write that adds events to a document's `outbox` (an insert carrying
 * them, `$push` or `$set` on `outbox`) also sets `outbox_pending`, in the same write. The relay finds
 * pending events through that flag's index, so publishing costs the same in a collection of any size.
 * Every collection the relay serves must be written through this.
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
  return Array.isArray(outbox) && outbox.length > 0 ? { ...doc, [OUTBOX_PENDING_FIELD]: true } : doc;
}

function flagUpdate(update: Update): Update {
  const touchesOutbox = ['$push', '$set'].some((operator) => {
    const fields = update[operator];
    return typeof fields === 'object' && fields !== null && 'outbox' in fields;
  });
  if (!touchesOutbox) return update;
  const set = (update.$set as Record<string, unknown> | undefined) ?? {};
  return { ...update, $set: { ...set, [OUTBOX_PENDING_FIELD]: true } };
}
