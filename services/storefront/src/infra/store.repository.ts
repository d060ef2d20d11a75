import { DuplicateKeyError } from '@commerce/persistence';
import type { DomainEvent, OutboxCollection } from '@commerce/events';
import { withFieldDefaults, type StoreChanges, type StoreRecord } from '../domain/store';

/** A store document: the record, its version (the event sequence) and events not yet relayed. */
export interface StoreDocument extends StoreRecord {
  [key: string]: unknown;
  version: number;
  request_key: string;
  outbox: DomainEvent[];
}

/**
 * What an insert answers: the stored document, or the unique key another store holds already
 * (`request_key`: a create with the same key was stored first, and its store is the answer).
 */
export type StoreInsertion = { stored: StoreDocument } | { taken: 'subdomain' | 'request_key' };

/** Every store read passes here: one stored before a field existed reads as its default (docs/money.md#currency). */
const read = (found: StoreDocument | null): StoreDocument | null => (found ? withFieldDefaults(found) : null);

const collidedOn = (error: DuplicateKeyError, field: string): boolean =>
  field in (error.keyValue ?? {}) || (error.index ?? '').includes(field);

export class StoreRepository {
  static readonly collection = 'stores';

  constructor(private readonly stores: OutboxCollection<StoreDocument>) {}

  async findById(id: number): Promise<StoreDocument | null> {
    return read(await this.stores.findOne({ id }));
  }

  /** The store with this subdomain (held lowercase; unique index `stores_subdomain`). */
  async findBySubdomain(subdomain: string): Promise<StoreDocument | null> {
    return read(await this.stores.findOne({ subdomain }));
  }

  async findByRequestKey(requestKey: string): Promise<StoreDocument | null> {
    return read(await this.stores.findOne({ request_key: requestKey }));
  }

  /** Inserts the store with its creation event in the same write. */
  async insert(record: StoreRecord, requestKey: string, event: DomainEvent): Promise<StoreInsertion> {
    try {
      return { stored: await this.stores.insertWithEvents({ ...record, version: 1, request_key: requestKey }, [event]) };
    } catch (error) {
      if (error instanceof DuplicateKeyError && collidedOn(error, 'request_key')) return { taken: 'request_key' };
      if (error instanceof DuplicateKeyError && collidedOn(error, 'subdomain')) return { taken: 'subdomain' };
      throw error;
    }
  }

  /**
   * Applies changes only if nobody changed the store since it was read (optimistic concurrency),
   * appending the event in the same atomic write. Answers null when the version moved on.
   */
  async updateIfVersion(
    id: number,
    expectedVersion: number,
    changes: StoreChanges & { updated_at: Date },
    event: DomainEvent,
  ): Promise<StoreDocument | null> {
    return read(
      await this.stores.findOneAndUpdateWithEvents({ id, version: expectedVersion }, { $set: changes, $inc: { version: 1 } }, [event], {
        returnDocument: 'after',
      }),
    );
  }
}
