// The narrow collection port every service stores through (docs/persistence.md#one-port-two-engines). Only what the embedded engine
// (SQLite) and MongoDB do the same way is here; where they still differ is listed in ../README.md.

export type Doc = Record<string, unknown>;

/**
 * MongoDB query subset: equality, $in, $nin, $ne, $gt/$gte/$lt/$lte, $exists, $or, $and, dot paths (incl. 'arr.0'); and the
 * port's `$contains` (a literal substring of a string field, case-sensitive: ../README.md#what-the-port-promises).
 */
export type Filter = Record<string, unknown>;

/** Operator updates only: $set, $unset, $inc, $push (incl. $each), $pull, $addToSet (incl. $each). */
export type Update = Record<string, unknown>;

export interface FindOptions {
  sort?: Record<string, 1 | -1>;
  limit?: number;
  skip?: number;
}

export interface UpdateResult {
  matched: number;
  modified: number;
}

export interface FindOneAndUpdateOptions {
  upsert?: boolean;
  /** Defaults to 'after'. */
  returnDocument?: 'before' | 'after';
}

export interface IndexOptions {
  unique?: boolean;
  /** Defaults to MongoDB's naming, e.g. `storeId_1_sku_1`. */
  name?: string;
}

export interface Collection<T extends Doc> {
  insertOne(doc: T): Promise<T>;
  insertMany(docs: T[]): Promise<void>;
  findOne(filter: Filter): Promise<T | null>;
  find(filter: Filter, options?: FindOptions): Promise<T[]>;
  /** `find` answering only the named top-level fields (a field the document lacks stays absent): cheaper for big documents. */
  findFields<K extends keyof T & string>(filter: Filter, fields: readonly K[], options?: FindOptions): Promise<Array<Pick<T, K>>>;
  count(filter: Filter): Promise<number>;
  updateOne(filter: Filter, update: Update, options?: { upsert?: boolean }): Promise<UpdateResult>;
  updateMany(filter: Filter, update: Update): Promise<UpdateResult>;
  findOneAndUpdate(filter: Filter, update: Update, options?: FindOneAndUpdateOptions): Promise<T | null>;
  deleteOne(filter: Filter): Promise<number>;
  deleteMany(filter: Filter): Promise<number>;
  createIndex(keys: Record<string, 1 | -1>, options?: IndexOptions): Promise<void>;
  /**
   * Drops the index of that name (an index no query uses still costs every write); no index of that name is a no-op, so
   * a migration may run again.
   */
  dropIndex(name: string): Promise<void>;
}

export type Engine = 'memory' | 'embedded' | 'mongodb';

export interface Database {
  readonly engine: Engine;
  collection<T extends Doc>(name: string): Collection<T>;
  /** Integer ids 1, 2, 3… per counter name; atomic and safe under concurrent calls. */
  nextId(counter: string): Promise<number>;
  close(): Promise<void>;
}

export type DatabaseOptions =
  | { engine: 'memory' }
  /** One SQLite file, `dir/data.sqlite` (a directory of NeDB datafiles is refused: ../README.md#nedb-data-directories). */
  | { engine: 'embedded'; dir: string }
  | { engine: 'mongodb'; url: string; name: string };
