import type { Doc, IndexOptions } from '../collection.port';
import type { DuplicateKeyError } from '../duplicate-key.error';
import { defaultIndexName } from '../index-name';
import { indexKeyExpression } from './sql-query';
import { MISSING_SUFFIX, toDuplicateKeyError, type IndexDefinition } from './sqlite-duplicate-key';
import type { SqliteFile } from './sqlite-file';

/**
 * One collection's indexes (docs/persistence.md#indexes-listing-cost-does-not-grow-with-the-store: the port's unique and compound indexes
 * as SQLite expression indexes): their definitions, recorded in the file's `_indexes` table so duplicate-key errors can name them after a
 * restart, and their SQL. A unique index has a partial twin over the rows missing a key part, where SQLite would let NULLs repeat.
 */
export class SqliteIndexes {
  private readonly definitions = new Map<string, IndexDefinition>();
  /** Moves whenever the indexes change: a cached EXPLAIN is never run, so SQLite would not plan it again. */
  private changes = 0;

  constructor(
    private readonly file: SqliteFile,
    private readonly collection: string,
    private readonly table: string,
  ) {
    for (const [name, keys, unique] of file.all<[string, string, number]>(
      'SELECT name, keys, is_unique FROM _indexes WHERE collection = ?',
      [collection],
    )) {
      this.definitions.set(name, { name, keys: JSON.parse(keys) as Record<string, 1 | -1>, unique: unique === 1 });
    }
  }

  get revision(): number {
    return this.changes;
  }

  /** Creates the index unless it exists with these keys and options; another index under its name is refused. */
  async create(keys: Record<string, 1 | -1>, options: IndexOptions = {}): Promise<void> {
    const definition: IndexDefinition = { name: options.name ?? defaultIndexName(keys), keys, unique: options.unique ?? false };
    try {
      await this.file.write(() =>
        this.file.transaction(() => {
          const existing = this.definitions.get(definition.name);
          if (existing) {
            if (JSON.stringify(existing) === JSON.stringify(definition)) return;
            throw new Error(`Index ${definition.name} of ${this.collection} already exists with other keys or options`);
          }
          this.build(definition);
          this.file.run('INSERT INTO _indexes (collection, name, keys, is_unique) VALUES (?, ?, ?, ?)', [
            this.collection,
            definition.name,
            JSON.stringify(keys),
            definition.unique ? 1 : 0,
          ]);
          this.definitions.set(definition.name, definition);
          this.changes += 1;
        }),
      );
    } catch (err) {
      throw this.duplicateKeyError(err) ?? err;
    }
  }

  /** The SQL index, its partial twin (a unique one has it), its record and what this collection knows of it go together. */
  async drop(name: string): Promise<void> {
    const known = this.definitions.get(name);
    try {
      await this.file.write(() =>
        this.file.transaction(() => {
          this.definitions.delete(name);
          // The file's record decides, not the name: an unknown name (or a twin's) drops nothing, so a migration may run again.
          const [unique] =
            this.file.get<[number]>('SELECT is_unique FROM _indexes WHERE collection = ? AND name = ?', [this.collection, name]) ?? [];
          if (unique === undefined) return;
          this.file.run(`DROP INDEX IF EXISTS ${this.sqlName(name)}`);
          if (unique === 1) this.file.run(`DROP INDEX IF EXISTS ${this.sqlName(name, MISSING_SUFFIX)}`);
          this.file.run('DELETE FROM _indexes WHERE collection = ? AND name = ?', [this.collection, name]);
          this.changes += 1;
        }),
      );
    } catch (err) {
      // Taken back (a failed statement, or the group's commit): the index stays, and so must its definition (duplicate-key errors name it).
      if (known && !this.definitions.has(name)) this.definitions.set(name, known);
      throw err;
    }
  }

  /** Inside a transaction: builds again the SQL of every index with a key that `reads` (its expression changed). */
  rebuild(reads: (field: string) => boolean): void {
    for (const definition of this.definitions.values()) {
      if (!Object.keys(definition.keys).some(reads)) continue;
      this.file.run(`DROP INDEX IF EXISTS ${this.sqlName(definition.name)}`);
      this.file.run(`DROP INDEX IF EXISTS ${this.sqlName(definition.name, MISSING_SUFFIX)}`);
      this.build(definition);
    }
  }

  /**
   * SQLite's unique violation as the port's DuplicateKeyError, naming the index and `doc`'s colliding key; undefined
   * for any other error.
   */
  duplicateKeyError(err: unknown, doc?: Doc): DuplicateKeyError | undefined {
    return toDuplicateKeyError(err, this.collection, this.definitions, doc);
  }

  /** The SQL index of a definition, and its partial twin when it is unique. */
  private build({ name, keys, unique }: IndexDefinition): void {
    const fields = Object.keys(keys);
    const expressions = fields.map(indexKeyExpression);
    const columns = expressions.map((expression, i) => `${expression}${keys[fields[i]] === -1 ? ' DESC' : ''}`);
    this.file.run(`CREATE ${unique ? 'UNIQUE ' : ''}INDEX ${this.sqlName(name)} ON ${this.table} (${columns.join(', ')})`);
    if (unique) {
      // SQLite lets NULLs repeat in a unique index; MongoDB treats a missing field as a value that collides.
      const nullable = expressions.map((expression) => `ifnull(${expression}, x'')`);
      const anyMissing = expressions.map((expression) => `${expression} IS NULL`).join(' OR ');
      this.file.run(
        `CREATE UNIQUE INDEX ${this.sqlName(name, MISSING_SUFFIX)} ON ${this.table} (${nullable.join(', ')}) WHERE ${anyMissing}`,
      );
    }
  }

  private sqlName(name: string, suffix = ''): string {
    return `"${this.collection}/${name.replaceAll('"', '')}${suffix}"`;
  }
}
