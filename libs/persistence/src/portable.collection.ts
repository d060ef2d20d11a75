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
} from './collection.port';
import { assertPortableFieldNames, assertPortableFilter, assertPortableSums, assertPortableUpdate } from './portable-query.guard';

/**
 * Wraps an engine's collection so every engine refuses the same things before any I/O:
 * non-portable filters and updates, and any use after the database was closed.
 */
export class PortableCollection<T extends Doc> implements Collection<T> {
  constructor(
    private readonly engine: Collection<T>,
    private readonly assertOpen: () => void,
  ) {}

  async insertOne(doc: T): Promise<T> {
    this.assertOpen();
    return this.engine.insertOne(doc);
  }

  async insertMany(docs: T[]): Promise<void> {
    this.assertOpen();
    return this.engine.insertMany(docs);
  }

  async findOne(filter: Filter): Promise<T | null> {
    this.assertOpen();
    assertPortableFilter(filter);
    return this.engine.findOne(filter);
  }

  async find(filter: Filter, options?: FindOptions): Promise<T[]> {
    this.assertOpen();
    assertPortableFilter(filter);
    return this.engine.find(filter, options);
  }

  async findFields<K extends keyof T & string>(filter: Filter, fields: readonly K[], options?: FindOptions): Promise<Array<Pick<T, K>>> {
    this.assertOpen();
    assertPortableFilter(filter);
    assertPortableFieldNames(fields);
    return this.engine.findFields(filter, fields, options);
  }

  async count(filter: Filter): Promise<number> {
    this.assertOpen();
    assertPortableFilter(filter);
    return this.engine.count(filter);
  }

  async sumGroups(filter: Filter, options: SumOptions): Promise<SumGroup[]> {
    this.assertOpen();
    assertPortableFilter(filter);
    assertPortableSums(options);
    return this.engine.sumGroups(filter, options);
  }

  async updateOne(filter: Filter, update: Update, options?: { upsert?: boolean }): Promise<UpdateResult> {
    this.assertOpen();
    assertPortableFilter(filter);
    assertPortableUpdate(update);
    return this.engine.updateOne(filter, update, options);
  }

  async updateMany(filter: Filter, update: Update): Promise<UpdateResult> {
    this.assertOpen();
    assertPortableFilter(filter);
    assertPortableUpdate(update);
    return this.engine.updateMany(filter, update);
  }

  async findOneAndUpdate(filter: Filter, update: Update, options?: FindOneAndUpdateOptions): Promise<T | null> {
    this.assertOpen();
    assertPortableFilter(filter);
    assertPortableUpdate(update);
    return this.engine.findOneAndUpdate(filter, update, options);
  }

  async deleteOne(filter: Filter): Promise<number> {
    this.assertOpen();
    assertPortableFilter(filter);
    return this.engine.deleteOne(filter);
  }

  async deleteMany(filter: Filter): Promise<number> {
    this.assertOpen();
    assertPortableFilter(filter);
    return this.engine.deleteMany(filter);
  }

  async createIndex(keys: Record<string, 1 | -1>, options?: IndexOptions): Promise<void> {
    this.assertOpen();
    return this.engine.createIndex(keys, options);
  }

  async dropIndex(name: string): Promise<void> {
    this.assertOpen();
    // MongoDB reads '*' as every index of the collection; the port drops one index by its name.
    if (name === '*') throw new TypeError("dropIndex drops one index by name; '*' is refused");
    return this.engine.dropIndex(name);
  }
}
