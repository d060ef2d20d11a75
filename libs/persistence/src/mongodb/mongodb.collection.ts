import {
  MongoServerError,
  type Collection as DriverCollection,
  type Document,
  type FindOptions as DriverFindOptions,
  type UpdateFilter,
} from 'mongodb';
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
} from '../collection.port';
import { defaultIndexName } from '../index-name';
import { isInRange } from '../query/range-search';
import { toDuplicateKeyError } from './mongodb-duplicate-key';
import { mongoFilter, sumsPipeline } from './mongodb-query';

/** Callers use their own integer ids; the driver's ObjectId never leaves this adapter. */
const WITHOUT_ID = { _id: 0 } as const;

/** What dropIndexes answers when there is nothing to drop: no such index, or no such collection yet. */
const NOTHING_TO_DROP = new Set([26 /* NamespaceNotFound */, 27 /* IndexNotFound */]);

export class MongoCollection<T extends Doc> implements Collection<T> {
  /** Index name → fields, to rebuild keyValue for bulk inserts (their write errors omit it). */
  private readonly indexFields = new Map<string, string[]>();

  constructor(private readonly raw: DriverCollection<Document>) {}

  async insertOne(doc: T): Promise<T> {
    // The driver writes the generated _id into the object it is given; keep the caller's object untouched.
    await this.guard(() => this.raw.insertOne({ ...doc }));
    return { ...doc };
  }

  async insertMany(docs: T[]): Promise<void> {
    if (docs.length === 0) return;
    await this.guard(() =>
      this.raw.insertMany(
        docs.map((doc) => ({ ...doc })),
        { ordered: true },
      ),
    );
  }

  async findOne(filter: Filter): Promise<T | null> {
    return (await this.raw.findOne(mongoFilter(filter), { projection: WITHOUT_ID })) as T | null;
  }

  async find(filter: Filter, options: FindOptions = {}): Promise<T[]> {
    const findOptions: DriverFindOptions = { projection: WITHOUT_ID };
    if (options.sort) findOptions.sort = options.sort;
    if (options.skip) findOptions.skip = options.skip;
    if (options.limit) findOptions.limit = options.limit;
    return (await this.raw.find(mongoFilter(filter), findOptions).toArray()) as unknown as T[];
  }

  async findFields<K extends keyof T & string>(
    filter: Filter,
    fields: readonly K[],
    options: FindOptions = {},
  ): Promise<Array<Pick<T, K>>> {
    const findOptions: DriverFindOptions = { projection: { ...WITHOUT_ID, ...Object.fromEntries(fields.map((field) => [field, 1])) } };
    if (options.sort) findOptions.sort = options.sort;
    if (options.skip) findOptions.skip = options.skip;
    if (options.limit) findOptions.limit = options.limit;
    return (await this.raw.find(mongoFilter(filter), findOptions).toArray()) as unknown as Array<Pick<T, K>>;
  }

  count(filter: Filter): Promise<number> {
    return this.raw.countDocuments(mongoFilter(filter));
  }

  async sumGroups(filter: Filter, options: SumOptions): Promise<SumGroup[]> {
    const rows = await this.raw.aggregate(sumsPipeline(filter, options)).toArray();
    const boundaries = options.ranges?.boundaries.length ?? 0;
    return rows.flatMap((row): SumGroup[] => {
      const id = row._id as Record<string, unknown>;
      const range = options.ranges ? (id.range as number) : undefined;
      if (range !== undefined && !isInRange(range, boundaries)) return [];
      return [
        {
          key: Object.fromEntries((options.groupBy ?? []).map((field, i) => [field, id[`g${i}`] ?? null])),
          ...(range === undefined ? {} : { range }),
          count: row.count as number,
          sums: Object.fromEntries(options.sum.map((field, i) => [field, row[`s${i}`] as number])),
        },
      ];
    });
  }

  async updateOne(filter: Filter, update: Update, options: { upsert?: boolean } = {}): Promise<UpdateResult> {
    const result = await this.guard(() =>
      this.raw.updateOne(mongoFilter(filter), update as UpdateFilter<Document>, { upsert: options.upsert ?? false }),
    );
    return { matched: result.matchedCount, modified: result.modifiedCount };
  }

  async updateMany(filter: Filter, update: Update): Promise<UpdateResult> {
    const result = await this.guard(() => this.raw.updateMany(mongoFilter(filter), update as UpdateFilter<Document>));
    return { matched: result.matchedCount, modified: result.modifiedCount };
  }

  async findOneAndUpdate(filter: Filter, update: Update, options: FindOneAndUpdateOptions = {}): Promise<T | null> {
    const doc = await this.guard(() =>
      this.raw.findOneAndUpdate(mongoFilter(filter), update as UpdateFilter<Document>, {
        upsert: options.upsert ?? false,
        returnDocument: options.returnDocument ?? 'after',
        projection: WITHOUT_ID,
        includeResultMetadata: false,
      }),
    );
    return doc as T | null;
  }

  async deleteOne(filter: Filter): Promise<number> {
    return (await this.raw.deleteOne(mongoFilter(filter))).deletedCount;
  }

  async deleteMany(filter: Filter): Promise<number> {
    return (await this.raw.deleteMany(mongoFilter(filter))).deletedCount;
  }

  async createIndex(keys: Record<string, 1 | -1>, options: IndexOptions = {}): Promise<void> {
    const fields = Object.keys(keys);
    if (fields.length === 0) throw new TypeError('createIndex needs at least one field');
    const name = options.name ?? defaultIndexName(keys);
    this.indexFields.set(name, fields);
    await this.guard(() => this.raw.createIndex(keys, { unique: options.unique ?? false, name }));
  }

  async dropIndex(name: string): Promise<void> {
    try {
      await this.raw.dropIndex(name);
    } catch (err) {
      // As on SQLite, an unknown name is a no-op: a migration that drops it may run again.
      if (!(err instanceof MongoServerError && NOTHING_TO_DROP.has(Number(err.code)))) throw err;
    }
    this.indexFields.delete(name);
  }

  private async guard<R>(operation: () => Promise<R>): Promise<R> {
    try {
      return await operation();
    } catch (err) {
      throw toDuplicateKeyError(err, this.indexFields);
    }
  }
}
