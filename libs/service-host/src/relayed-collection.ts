import type { Collection, Doc } from '@commerce/persistence';

const WRITES = new Set(['insertOne', 'insertMany', 'updateOne', 'updateMany', 'findOneAndUpdate', 'deleteOne', 'deleteMany']);

/**
 * The same collection, but every write wakes the outbox relay when it resolves, so an event leaves
 * as soon as its document is saved; the relay's sweep covers anything a crash interrupts.
 */
export function kickAfterWrites<T extends Doc>(collection: Collection<T>, kick: () => void): Collection<T> {
  return new Proxy(collection, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver);
      if (typeof value !== 'function' || !WRITES.has(String(property))) return value;
      return async (...args: unknown[]) => {
        const result = await value.apply(target, args);
        kick();
        return result;
      };
    },
  });
}
