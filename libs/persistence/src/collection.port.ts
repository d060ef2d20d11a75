// The narrow collection port every service stores through (docs/persistence.md#one-port-two-engines). Only what the embedded engine
// (SQLite) and MongoDB do the same way is here; where they still differ is listed in ../README.md.

export type Doc = Record<string, unknown>;

/**
 * MongoDB query subset: equality, $in, $nin, $ne, $gt/$gte/$lt/$lte, $exists, $or, $and, dot paths (incl. 'arr.0'); and the
 * port's own `$contains` (a string field holding this text, ASCII letters in any case, every other character as written).
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

/**
 * What `sumGroups` counts and sums. Paths are dot paths through subdocuments (not through arrays, except the unwound one).
 */
export interface SumOptions {
  /** Fields summed per group; a value that is not a number (missing, a string, an array) adds nothing. */
  sum: readonly string[];
  /** Scalar fields whose values split the groups; a missing value groups as null. */
  groupBy?: readonly string[];
  /**
   * Splits the groups further by which range `[boundaries[i], boundaries[i + 1])` the field's value falls in; a value
   * outside every range, missing or of another type is left out. 2 to 1,000 boundaries, ascending, all numbers or all Dates.
   */
  ranges?: { field: string; boundaries: readonly number[] | readonly Date[] };
  /**
   * Counts and sums the elements of this top-level array field instead of the documents, as MongoDB's `$unwind` does: each
   * element is its document with the field replaced by it (a value that is not an array is one element; missing, null
   * or `[]` none), kept when it matches `match` (paths written as the document's: `refunds.status`).
   */
  unwind?: { field: string; match?: Filter };
}

export interface SumGroup {
  /** The `groupBy` fields and their values (null: missing). */
  key: Record<string, unknown>;
  /** The index of the range, with `ranges`. */
  range?: number;
  /** Documents (or unwound elements) in the group. */
  count: number;
  /** Each `sum` field's total. */
  sums: Record<string, number>;
}

export interface Collection<T extends Doc> {
  insertOne(doc: T): Promise<T>;
  insertMany(docs: T[]): Promise<void>;
  findOne(filter: Filter): Promise<T | null>;
  find(filter: Filter, options?: FindOptions): Promise<T[]>;
  /** `find` answering only the named top-level fields (a field the document lacks stays absent): cheaper for big documents. */
  findFields<K extends keyof T & string>(filter: Filter, fields: readonly K[], options?: FindOptions): Promise<Array<Pick<T, K>>>;
  count(filter: Filter): Promise<number>;
  /**
   * Counts and sums of the documents the filter matches, per group, computed by the engine (nothing is loaded into the
   * caller); no group when nothing matches. Groups come in no particular order.
   */
  sumGroups(filter: Filter, options: SumOptions): Promise<SumGroup[]>;
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
