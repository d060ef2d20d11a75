import { isDeepStrictEqual } from 'node:util';
import type Datastore from '@seald-io/nedb';
import type { Collection, Doc, Filter, FindOneAndUpdateOptions, FindOptions, IndexOptions, Update, UpdateResult } from '../collection.port';
import { AsyncMutex } from '../async-mutex';
import { defaultIndexName } from '../index-name';
import { NedbUniqueIndexes, isUniqueViolation } from './nedb-unique-indexes';
import { upsertSeedFilter } from './upsert-seed-filter';

type Stored = Doc & { _id: string };

interface Modification {
  before: Stored[];
  after: Stored[];
  inserted: Stored | null;
}

/**
 * One NeDB datastore behind the collection port. Every write runs under a per-collection mutex,
 * so multi-step writes (read the pre-image, then update by _id) are atomic against each other.
 */
export class NedbCollection<T extends Doc> implements Collection<T> {
  private readonly writes = new AsyncMutex();
  private readonly uniqueIndexes = new NedbUniqueIndexes();

  /** `ready` rejects once the database is closed and waits for the datafile to load. */
  constructor(
    private readonly store: Datastore<Doc>,
    private readonly ready: () => Promise<void>,
  ) {}

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
    let cursor = this.store.findAsync(filter);
    if (options.sort) cursor = cursor.sort(options.sort);
    if (options.skip) cursor = cursor.skip(options.skip);
    if (options.limit) cursor = cursor.limit(options.limit);
    const docs = (await cursor) as unknown as Stored[];
    return docs.map((doc) => withoutId<T>(doc));
  }

  async count(filter: Filter): Promise<number> {
    await this.ready();
    return (await this.store.countAsync(filter)) as unknown as number;
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
    return this.write(() => this.store.removeAsync(filter, { multi: false }));
  }

  async deleteMany(filter: Filter): Promise<number> {
    return this.write(() => this.store.removeAsync(filter, { multi: true }));
  }

  async createIndex(keys: Record<string, 1 | -1>, options: IndexOptions = {}): Promise<void> {
    const fields = Object.keys(keys);
    if (fields.length === 0) throw new TypeError('createIndex needs at least one field');
    const index = { name: options.name ?? defaultIndexName(keys), fields };
    await this.ready();
    await this.writes.run(async () => {
      try {
        // NeDB ignores sort directions and keeps an existing index with the same fields as is.
        await this.store.ensureIndexAsync({ fieldName: fields, unique: options.unique ?? false });
      } catch (err) {
        throw isUniqueViolation(err) ? this.uniqueIndexes.duplicateKeyError(err, [index]) : err;
      }
      if (options.unique) this.uniqueIndexes.add(index);
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

  private modify(filter: Filter, update: Update, options: { multi: boolean; upsert: boolean }): Promise<Modification> {
    return this.write(async () => {
      const cursor = this.store.findAsync(filter);
      const before = (await (options.multi ? cursor : cursor.limit(1))) as unknown as Stored[];
      if (before.length === 0) {
        if (!options.upsert) return { before, after: [], inserted: null };
        // Under the mutex nothing matches, so NeDB's upsert inserts; the seed filter keeps operator fields out of the new doc.
        const result = await this.store.updateAsync(upsertSeedFilter(filter), update, { upsert: true, returnUpdatedDocs: true, multi: false });
        return { before, after: [], inserted: result.affectedDocuments as unknown as Stored };
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
