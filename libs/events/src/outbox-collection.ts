import type {
  Collection,
  Doc,
  Filter,
  FindOneAndUpdateOptions,
  FindOptions,
  IndexOptions,
  SumGroup,
  SumOptions,
  Update,
  UpdateResult,
} from '@commerce/persistence';
import { currentTraceCarrier } from '@commerce/tracing';
import type { DomainEvent } from './domain-event';
import { OUTBOX_PENDING_FIELD, type OutboxDocument, type OutboxEvent } from './outbox';

/** A document as its repository writes it: without the outbox fields, which only the outbox collection writes. */
export type WithoutOutbox<T> = { [K in keyof T as K extends 'outbox' | typeof OUTBOX_PENDING_FIELD ? never : K]: T[K] };

/** What an outbox collection wakes once a write with events is stored: the service's relay (OutboxRelay). */
export interface OutboxWake {
  /** Read the collections for pending events. */
  kick(): unknown;
  /** Publish the events of a document just inserted, from the document as written. */
  relayInserted(collection: Collection<OutboxDocument>, doc: Pick<OutboxDocument, 'outbox'>): unknown;
}

/**
 * A collection whose documents carry their not-yet-published events (docs/events.md#the-outbox). A change and its
 * events are written in one call, `insertWithEvents` or `updateWithEvents` (`findOneAndUpdateWithEvents` when the
 * caller needs the document as written), which is one atomic single-document write on every engine. That call, and
 * only it, appends the events to the document's `outbox` with the trace context of the write, sets `outbox_pending`
 * (the index the relay finds pending documents by), and wakes the relay once the write is stored.
 *
 * Reads and writes without events are the plain collection's; a plain write that touches `outbox` is refused, so an
 * event cannot be written any other way. `documents` is the plain collection, for the relay and migrations.
 */
export class OutboxCollection<T extends Doc> implements Collection<T> {
  /**
   * @param documents the collection as the database opens it
   * @param relay the relay to wake, when there is one yet (the service host starts it after wiring); none in use-case tests
   */
  constructor(
    readonly documents: Collection<T>,
    private readonly relay: () => OutboxWake | undefined = () => undefined,
  ) {}

  /** Inserts the document with its events in its outbox; answers it as stored. */
  async insertWithEvents(document: WithoutOutbox<T>, events: readonly DomainEvent[]): Promise<T> {
    refuseOutboxIn(document, 'insertWithEvents: the document');
    const outbox = tracedEvents(events);
    const pending = outbox.length > 0 ? { [OUTBOX_PENDING_FIELD]: true } : {};
    const stored = await this.documents.insertOne({ ...document, outbox, ...pending } as unknown as T);
    if (outbox.length > 0) void this.relay()?.relayInserted(this.outboxDocuments(), stored as OutboxDocument);
    return stored;
  }

  /** Applies `update` to the document `filter` matches and appends the events to its outbox, in one write. */
  async updateWithEvents(
    filter: Filter,
    update: Update,
    events: readonly DomainEvent[],
    options?: { upsert?: boolean },
  ): Promise<UpdateResult> {
    const result = await this.documents.updateOne(filter, withEvents(update, events), options);
    if (events.length > 0) this.wake();
    return result;
  }

  /** `updateWithEvents`, answering the document as written (`returnDocument: 'after'` by default); null when nothing matched. */
  async findOneAndUpdateWithEvents(
    filter: Filter,
    update: Update,
    events: readonly DomainEvent[],
    options?: FindOneAndUpdateOptions,
  ): Promise<T | null> {
    const written = await this.documents.findOneAndUpdate(filter, withEvents(update, events), options);
    if (events.length > 0) this.wake();
    return written;
  }

  insertOne(doc: WithoutOutbox<T>): Promise<T> {
    refuseOutboxIn(doc, 'insertOne');
    return this.documents.insertOne(doc as T);
  }

  insertMany(docs: Array<WithoutOutbox<T>>): Promise<void> {
    for (const doc of docs) refuseOutboxIn(doc, 'insertMany');
    return this.documents.insertMany(docs as T[]);
  }

  updateOne(filter: Filter, update: Update, options?: { upsert?: boolean }): Promise<UpdateResult> {
    refuseOutboxIn(update, 'updateOne');
    return this.documents.updateOne(filter, update, options);
  }

  updateMany(filter: Filter, update: Update): Promise<UpdateResult> {
    refuseOutboxIn(update, 'updateMany');
    return this.documents.updateMany(filter, update);
  }

  findOneAndUpdate(filter: Filter, update: Update, options?: FindOneAndUpdateOptions): Promise<T | null> {
    refuseOutboxIn(update, 'findOneAndUpdate');
    return this.documents.findOneAndUpdate(filter, update, options);
  }

  findOne(filter: Filter): Promise<T | null> {
    return this.documents.findOne(filter);
  }

  find(filter: Filter, options?: FindOptions): Promise<T[]> {
    return this.documents.find(filter, options);
  }

  findFields<K extends keyof T & string>(filter: Filter, fields: readonly K[], options?: FindOptions): Promise<Array<Pick<T, K>>> {
    return this.documents.findFields(filter, fields, options);
  }

  count(filter: Filter): Promise<number> {
    return this.documents.count(filter);
  }

  sumGroups(filter: Filter, options: SumOptions): Promise<SumGroup[]> {
    return this.documents.sumGroups(filter, options);
  }

  deleteOne(filter: Filter): Promise<number> {
    return this.documents.deleteOne(filter);
  }

  deleteMany(filter: Filter): Promise<number> {
    return this.documents.deleteMany(filter);
  }

  createIndex(keys: Record<string, 1 | -1>, options?: IndexOptions): Promise<void> {
    return this.documents.createIndex(keys, options);
  }

  dropIndex(name: string): Promise<void> {
    return this.documents.dropIndex(name);
  }

  /** The plain collection as the relay reads it. */
  outboxDocuments(): Collection<OutboxDocument> {
    return this.documents as unknown as Collection<OutboxDocument>;
  }

  private wake(): void {
    void this.relay()?.kick();
  }
}

/** The update, appending the events (with the write's trace context) and setting the pending flag; unchanged without events. */
function withEvents(update: Update, events: readonly DomainEvent[]): Update {
  refuseOutboxIn(update, 'updateWithEvents: the update');
  if (events.length === 0) return update;
  const push = (update.$push as Record<string, unknown> | undefined) ?? {};
  const set = (update.$set as Record<string, unknown> | undefined) ?? {};
  return {
    ...update,
    $set: { ...set, [OUTBOX_PENDING_FIELD]: true },
    $push: { ...push, outbox: { $each: tracedEvents(events) } },
  };
}

/** The events with the current trace context (docs/operations.md#tracing), which the relay sends as message headers. */
function tracedEvents(events: readonly DomainEvent[]): OutboxEvent[] {
  const carrier = currentTraceCarrier();
  return carrier ? events.map((event) => ({ ...event, trace: carrier })) : [...events];
}

/** Events are written by the `...WithEvents` calls only: a document or an update naming the outbox is a mistake. */
function refuseOutboxIn(value: object, where: string): void {
  const touches = (fields: unknown) =>
    typeof fields === 'object' && fields !== null && ('outbox' in fields || OUTBOX_PENDING_FIELD in fields);
  const operators = ['$set', '$push', '$addToSet', '$pull', '$unset', '$inc'];
  if (touches(value) || operators.some((operator) => touches((value as Doc)[operator]))) {
    throw new Error(`${where} names the outbox: write events with insertWithEvents / updateWithEvents (libs/events)`);
  }
}
