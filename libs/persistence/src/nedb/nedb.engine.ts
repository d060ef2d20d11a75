import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import Datastore from '@seald-io/nedb';
import type { Collection, Database, DatabaseOptions, Doc } from '../collection.port';
import { COUNTERS_COLLECTION, counterSequence } from '../counter-sequence';
import { PortableCollection } from '../portable.collection';
import { assertPortableCollectionName } from '../portable-query.guard';
import { NedbCollection } from './nedb.collection';

export type NedbDatabaseOptions = Exclude<DatabaseOptions, { engine: 'mongodb' }>;

/** The datafile is append-only; rewriting it now and then keeps it (and the next load) proportional to the live data. */
const DEFAULT_COMPACT_EVERY_MS = 5 * 60_000;

export async function openNedbDatabase(options: NedbDatabaseOptions): Promise<Database> {
  if (options.engine === 'embedded') await mkdir(options.dir, { recursive: true });
  return new NedbDatabase(options);
}

interface OpenCollection {
  store: Datastore<Doc>;
  engine: NedbCollection<Doc>;
  portable: Collection<Doc>;
}

class NedbDatabase implements Database {
  readonly engine: 'memory' | 'embedded';
  private readonly open = new Map<string, OpenCollection>();
  private readonly compactionTimer?: NodeJS.Timeout;
  private sequence?: (counter: string) => Promise<number>;
  private closed = false;

  constructor(private readonly options: NedbDatabaseOptions) {
    this.engine = options.engine;
    if (options.engine === 'embedded') {
      this.compactionTimer = setInterval(() => void this.compactAll(), options.compactEveryMs ?? DEFAULT_COMPACT_EVERY_MS);
      // A pending compaction must not keep the process (or a test run) alive.
      this.compactionTimer.unref();
    }
  }

  collection<T extends Doc>(name: string): Collection<T> {
    this.assertOpen();
    return this.openCollection(name).portable as unknown as Collection<T>;
  }

  async nextId(counter: string): Promise<number> {
    this.sequence ??= counterSequence(this.collection(COUNTERS_COLLECTION));
    return this.sequence(counter);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    clearInterval(this.compactionTimer);
    await this.compactAll();
  }

  private assertOpen(): void {
    if (this.closed) throw new Error('Database is closed');
  }

  private openCollection(name: string): OpenCollection {
    const existing = this.open.get(name);
    if (existing) return existing;
    assertPortableCollectionName(name);
    const store = this.createStore(name);
    const ready = async (): Promise<void> => {
      this.assertOpen();
      await store.autoloadPromise;
    };
    const engine = new NedbCollection<Doc>(store, ready);
    const opened = { store, engine, portable: new PortableCollection(engine, () => this.assertOpen()) };
    this.open.set(name, opened);
    return opened;
  }

  private createStore(name: string): Datastore<Doc> {
    if (this.options.engine === 'memory') return new Datastore<Doc>({ inMemoryOnly: true });
    // onload keeps a failed load from becoming an unhandled rejection; every operation awaits autoloadPromise and sees it.
    return new Datastore<Doc>({ filename: join(this.options.dir, `${name}.db`), autoload: true, onload: () => undefined });
  }

  private async compactAll(): Promise<void> {
    if (this.options.engine !== 'embedded') return;
    await Promise.all(
      [...this.open.values()].map(async ({ store, engine }) => {
        // Never rewrite a file that failed to load: compaction writes what is in memory.
        const loaded = await store.autoloadPromise?.then(() => true, () => false);
        if (!loaded) return;
        // After queued writes; a failed compaction leaves the append-only file valid, so the next one simply retries.
        await engine.drain(() => store.compactDatafileAsync()).catch(() => undefined);
      }),
    );
  }
}
