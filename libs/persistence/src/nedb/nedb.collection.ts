import { isDeepStrictEqual } from 'node:util';
import type Datastore from '@seald-io/nedb';
import { deepCopy, modify } from '@seald-io/nedb/lib/model.js';
import type { Collection, Doc, Filter, FindOneAndUpdateOptions, FindOptions, IndexOptions, Update, UpdateResult } from '../collection.port';
import { AsyncMutex } from '../async-mutex';
import { defaultIndexName } from '../index-name';
import { NedbUniqueIndexes, isUniqueViolation } from './nedb-unique-indexes';
import { OrderedIndexes } from './ordered-index/ordered-indexes';
import { upsertSeedFilter } from './upsert-seed-filter';

type Stored = Doc & { _id: string };

interface Modification {
  before: Stored[];
  after: Stored[];
  inserted: Stored | null;
}

/** How a read was answered (internal, not on the port): by which ordered index, reading how many documents. */
export interface QueryExplanation {
  /** null: no ordered index applied and NeDB answered on its own. */
  index: string | null;
  covered: boolean;
  sortedByIndex: boolean;
  /** Documents read and matched; null when NeDB answered. */
  examined: number | null;
  returned: number;
}

/**
 * One NeDB datastore behind the collection port. Every write runs under a per-collection mutex,
 * so multi-step writes (read the pre-image, then update by _id) are atomic against each other.
 * Reads and the pre-image reads of writes go through the ordered indexes when one applies.
 */
export class NedbCollection<T extends Doc> implements Collection<T> {
  private readonly writes = new AsyncMutex();
  private readonly uniqueIndexes = new NedbUniqueIndexes();
  private readonly orderedIndexes: OrderedIndexes;

  /** `ready` rejects once the database is closed and waits for the datafile to load. */
  constructor(
    private readonly store: Datastore<Doc>,
    private readonly ready: () => Promise<void>,
    options: { maxChunkSize?: number } = {},
  ) {
    this.orderedIndexes = new OrderedIndexes(store, options.maxChunkSize);
  }

  async insertOne(doc: T): Promise<T> {
    const stored = await this.write(() => this.store.insertAsync(doc));
    return withoutId<T>(stored as Stored);
  }

  async insertMany(docs: T[]): Promise<void> {
    if (docs.length === 0) return;
    await this.write(async () => {
      try {
        await this.store.insertAsync(docs);
      } catch (err) {
        if (!isUniqueViolation(err)) throw err;
        // NeDB rolled the whole batch back; replay it in order so the docs before the duplicate stay, as MongoDB's ordered insert leaves them.
        for (const doc of docs) await this.store.insertAsync(doc);
      }
    });
  }

  async findOne(filter: Filter): Promise<T | null> {
    const [doc] = await this.find(filter, { limit: 1 });
    return doc ?? null;
  }

  async find(filter: Filter, options: FindOptions = {}): Promise<T[]> {
    await this.ready();
    return (await this.matching(filter, options)).map((doc) => withoutId<T>(doc));
  }

  async count(filter: Filter): Promise<number> {
    await this.ready();
    const indexed = this.orderedIndexes.count(filter);
    if (indexed) return indexed.result;
    return (await this.store.countAsync(filter)) as unknown as number;
  }

  /** Runs a find (or, with `count`, a count) and tells how it was answered; for tests and diagnosis. */
  async explain(filter: Filter, options: FindOptions & { count?: boolean } = {}): Promise<QueryExplanation> {
    await this.ready();
    const indexed = options.count ? this.orderedIndexes.count(filter) : this.orderedIndexes.find(filter, options);
    if (!indexed) {
      const returned = options.count ? await this.count(filter) : (await this.find(filter, options)).length;
      return { index: null, covered: false, sortedByIndex: false, examined: null, returned };
    }
    const { plan, examined, result } = indexed;
    const returned = typeof result === 'number' ? result : result.length;
    return { index: plan.index.name, covered: plan.covered, sortedByIndex: plan.walk !== undefined, examined, returned };
  }

  async updateOne(filter: Filter, update: Update, options: { upsert?: boolean } = {}): Promise<UpdateResult> {
    return updateResult(await this.modify(filter, update, { multi: false, upsert: options.upsert ?? false }));
  }

  async updateMany(filter: Filter, update: Update): Promise<UpdateResult> {
    return updateResult(await this.modify(filter, update, { multi: true, upsert: false }));
  }

  async findOneAndUpdate(filter: Filter, update: Update, options: FindOneAndUpdateOptions = {}): Promise<T | null> {
    const { before, after, inserted } = await this.modify(filter, update, { multi: false, upsert: options.upsert ?? false });
    const wantBefore = options.returnDocument === 'before';
    if (inserted) return wantBefore ? null : withoutId<T>(inserted);
    const doc = wantBefore ? before[0] : after[0];
    return doc ? withoutId<T>(doc) : null;
  }

  async deleteOne(filter: Filter): Promise<number> {
    return this.remove(filter, { multi: false });
  }

  async deleteMany(filter: Filter): Promise<number> {
    return this.remove(filter, { multi: true });
  }

  async createIndex(keys: Record<string, 1 | -1>, options: IndexOptions = {}): Promise<void> {
    const fields = Object.keys(keys);
    if (fields.length === 0) throw new TypeError('createIndex needs at least one field');
    const index = { name: options.name ?? defaultIndexName(keys), fields };
    await this.ready();
    await this.writes.run(async () => {
      try {
        // NeDB's own index enforces uniqueness and serves equality on one field (arrays included). A non-unique
        // compound index would only serve exact matches on every field, which the ordered index does better, and
        // costs every write about as much as the ordered index's whole upkeep; so those exist only as ordered indexes.
        // NeDB ignores sort directions and keeps an existing index with the same fields as is.
        if (options.unique || fields.length === 1) await this.store.ensureIndexAsync({ fieldName: fields, unique: options.unique ?? false });
      } catch (err) {
        throw isUniqueViolation(err) ? this.uniqueIndexes.duplicateKeyError(err, [index]) : err;
      }
      if (options.unique) this.uniqueIndexes.add(index);
      this.orderedIndexes.ensure(index.name, keys);
    });
  }

  /** Waits for writes queued before it (used by close). */
  drain<R>(task: () => Promise<R>): Promise<R> {
    return this.writes.run(task);
  }

  private async write<R>(operation: () => Promise<R>): Promise<R> {
    await this.ready();
    return this.writes.run(async () => {
      try {
        return await operation();
      } catch (err) {
        if (!isUniqueViolation(err)) throw err;
        throw await this.uniqueIndexes.resolve(err, (query) => this.store.countAsync(query) as unknown as Promise<number>);
      }
    });
  }

  /** Copies (with _id) of the matching documents, from an ordered index when one applies, else from NeDB. */
  private async matching(filter: Filter, options: FindOptions): Promise<Stored[]> {
    const indexed = this.orderedIndexes.find(filter, options);
    if (indexed) return indexed.result.map((doc) => deepCopy(doc));
    let cursor = this.store.findAsync(filter);
    if (options.sort) cursor = cursor.sort(options.sort);
    if (options.skip) cursor = cursor.skip(options.skip);
    if (options.limit) cursor = cursor.limit(options.limit);
    return (await cursor) as unknown as Stored[];
  }

  /** Finds the documents first (through the indexes), then removes exactly those by _id. */
  private remove(filter: Filter, options: { multi: boolean }): Promise<number> {
    return this.write(async () => {
      const ids = await this.matchingIds(filter, options.multi ? 0 : 1);
      if (ids.length === 0) return 0;
      return this.store.removeAsync({ _id: { $in: ids } }, { multi: true });
    });
  }

  /** The _ids of the matching documents (limit 0: all), without copying the documents. */
  private async matchingIds(filter: Filter, limit: number): Promise<string[]> {
    const indexed = this.orderedIndexes.find(filter, { limit });
    if (indexed) return indexed.result.map((doc) => doc._id);
    const cursor = this.store.findAsync(filter, { _id: 1 });
    return ((await (limit ? cursor.limit(limit) : cursor)) as unknown as Stored[]).map((doc) => doc._id);
  }

  private modify(filter: Filter, update: Update, options: { multi: boolean; upsert: boolean }): Promise<Modification> {
    return this.write(async () => {
      const before = await this.matching(filter, options.multi ? {} : { limit: 1 });
      if (before.length === 0) {
        if (!options.upsert) return { before, after: [], inserted: null };
        // Under the mutex nothing matches, so insert what NeDB's upsert would (its seed: the filter without $-keys and dotted keys,
        // then the update), without it scanning for a match again. The seed filter keeps operator fields out of the new doc.
        const seeded = modify(deepCopy(upsertSeedFilter(filter), true), update);
        return { before, after: [], inserted: (await this.store.insertAsync(seeded)) as unknown as Stored };
      }
      const ids = before.map((doc) => doc._id);
      const result = await this.store.updateAsync({ _id: { $in: ids } }, update, { multi: true, returnUpdatedDocs: true });
      const afterById = new Map((result.affectedDocuments as unknown as Stored[]).map((doc) => [doc._id, doc]));
      return { before, after: ids.map((id) => afterById.get(id)).filter((doc): doc is Stored => doc !== undefined), inserted: null };
    });
  }
}

function updateResult({ before, after }: Modification): UpdateResult {
  // MongoDB counts a document as modified only when the update changed it.
  const modified = before.filter((doc, i) => !isDeepStrictEqual(doc, after[i])).length;
  return { matched: before.length, modified };
}

function withoutId<T extends Doc>(doc: Stored): T {
  const { _id, ...rest } = doc;
  return rest as unknown as T;
}
