import type { Collection, Doc } from '@commerce/persistence';

const WRITES = new Set(['insertOne', 'insertMany', 'updateOne', 'updateMany', 'findOneAndUpdate', 'deleteOne', 'deleteMany']);

/** What a relayed collection tells the outbox relay (OutboxRelay.kick and OutboxRelay.relayInserted). */
export interface RelayWake<T extends Doc> {
  /** After any write: read the collections for pending events. */
  kick(): void;
  /** After the insert of a document carrying events: publish them from the document as inserted. */
  inserted(doc: T): void;
}

/**
 * The same collection, but every write wakes the outbox relay when it resolves (committed), so an event leaves
 * as soon as its document is saved: an inserted document with events is handed over as it was written, any other
 * write asks the relay to look. The relay's sweep covers anything a crash interrupts.
 */
export function kickAfterWrites<T extends Doc>(collection: Collection<T>, relay: RelayWake<T>): Collection<T> {
  return new Proxy(collection, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver);
      if (typeof value !== 'function' || !WRITES.has(String(property))) return value;
      return async (...args: unknown[]) => {
        const result: unknown = await value.apply(target, args);
        if (property === 'insertOne' && carriesEvents(result)) relay.inserted(result as T);
        else relay.kick();
        return result;
      };
    },
  });
}

function carriesEvents(doc: unknown): boolean {
  const outbox = (doc as { outbox?: unknown } | null)?.outbox;
  return Array.isArray(outbox) && outbox.length > 0;
}
