import { existsSync } from 'node:fs';
import { mkdir, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Collection, Database, DatabaseOptions, Doc } from '../collection.port';
import { COUNTERS_COLLECTION, counterSequence } from '../counter-sequence';
import { PortableCollection } from '../portable.collection';
import { assertPortableCollectionName } from '../portable-query.guard';
import { SqliteCollection } from './sqlite.collection';
import { SqliteFile } from './sqlite-file';

export type SqliteDatabaseOptions = Exclude<DatabaseOptions, { engine: 'mongodb' }>;

/** The one database file of a service under its data directory. */
export const DATABASE_FILE = 'data.sqlite';

/**
 * The embedded engine: `embedded` is one SQLite file under `dir` (created on first open), `memory` is
 * SQLite's `:memory:`. Same code, same answers.
 */
export async function openSqliteDatabase(options: SqliteDatabaseOptions): Promise<SqliteDatabase> {
  if (options.engine === 'memory') return new SqliteDatabase(new SqliteFile(':memory:'), 'memory');
  await mkdir(options.dir, { recursive: true });
  const location = join(options.dir, DATABASE_FILE);
  if (!existsSync(location)) await refuseNedbDatafiles(options.dir);
  return new SqliteDatabase(new SqliteFile(location), 'embedded');
}

/** A directory the NeDB engine wrote (`<collection>.db` files) would otherwise start as an empty store, its data unseen. */
async function refuseNedbDatafiles(dir: string): Promise<void> {
  const datafiles = (await readdir(dir)).filter((name) => name.endsWith('.db')).sort();
  if (datafiles.length === 0) return;
  const named = datafiles.length > 3 ? `${datafiles.slice(0, 3).join(', ')} and ${datafiles.length - 3} more` : datafiles.join(', ');
  throw new Error(
    `${dir} holds NeDB datafiles (${named}) and no ${DATABASE_FILE}: this version reads only SQLite. ` +
      `Import them by starting an earlier version on it once (libs/persistence/README.md#nedb-data-directories), ` +
      `or move them out of ${dir} to start with an empty store.`,
  );
}

export class SqliteDatabase implements Database {
  private readonly open = new Map<string, Collection<Doc>>();
  private readonly engines = new Map<string, SqliteCollection<Doc>>();
  private sequence?: (counter: string) => Promise<number>;
  private closed = false;

  constructor(
    private readonly file: SqliteFile,
    readonly engine: 'memory' | 'embedded',
  ) {}

  collection<T extends Doc>(name: string): Collection<T> {
    this.assertOpen();
    let collection = this.open.get(name);
    if (!collection) {
      assertPortableCollectionName(name);
      const engine = new SqliteCollection<Doc>(this.file, name);
      collection = new PortableCollection(engine, () => this.assertOpen());
      this.engines.set(name, engine);
      this.open.set(name, collection);
    }
    return collection as unknown as Collection<T>;
  }

  /** SqliteCollection.explain for one collection: how SQLite serves a query (tests and diagnosis). */
  explain(collection: string, ...query: Parameters<SqliteCollection<Doc>['explain']>): ReturnType<SqliteCollection<Doc>['explain']> {
    this.collection(collection);
    return this.engines.get(collection)!.explain(...query);
  }

  /** A counter that exists moves in one statement; its first call creates it the portable way (counter-sequence.ts). */
  async nextId(counter: string): Promise<number> {
    this.assertOpen();
    this.sequence ??= counterSequence(this.collection(COUNTERS_COLLECTION));
    return (await this.engines.get(COUNTERS_COLLECTION)!.incrementOne({ name: counter }, 'seq')) ?? this.sequence(counter);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.file.close();
  }

  private assertOpen(): void {
    if (this.closed) throw new Error('Database is closed');
  }
}
