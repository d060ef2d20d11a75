// One collection port, three engines (SQLite in memory, a SQLite file, MongoDB); see ../README.md for the semantics callers can rely on.
export type {
  Collection,
  Database,
  DatabaseOptions,
  Doc,
  Engine,
  Filter,
  FindOneAndUpdateOptions,
  FindOptions,
  IndexOptions,
  SumGroup,
  SumOptions,
  Update,
  UpdateResult,
} from './collection.port';
export { DuplicateKeyError } from './duplicate-key.error';
export { openDatabase, databaseOptionsFrom, type PersistenceEnv } from './open-database';
export { KeyedQueue } from './keyed-queue';
export { SharedReads } from './shared-reads';
export { embeddedStoreBytes, explainEmbeddedQuery, readEmbeddedCollection, readEmbeddedIndexes } from './sqlite/embedded-inspection';
