import { MongoClient, type Db } from 'mongodb';
import type { Collection, Database, Doc } from '../collection.port';
import { COUNTERS_COLLECTION, counterSequence } from '../counter-sequence';
import { PortableCollection } from '../portable.collection';
import { assertPortableCollectionName } from '../portable-query.guard';
import { MongoCollection } from './mongodb.collection';

export async function openMongoDatabase(url: string, name: string): Promise<Database> {
  // ignoreUndefined: SQLite drops undefined fields (JSON has none), so MongoDB must not store them as null.
  const client = new MongoClient(url, { ignoreUndefined: true });
  await client.connect();
  return new MongoDatabase(client, client.db(name));
}

class MongoDatabase implements Database {
  readonly engine = 'mongodb' as const;
  private readonly open = new Map<string, Collection<Doc>>();
  private sequence?: (counter: string) => Promise<number>;
  private closed = false;

  constructor(
    private readonly client: MongoClient,
    private readonly db: Db,
  ) {}

  collection<T extends Doc>(name: string): Collection<T> {
    this.assertOpen();
    let collection = this.open.get(name);
    if (!collection) {
      assertPortableCollectionName(name);
      collection = new PortableCollection(new MongoCollection<Doc>(this.db.collection(name)), () => this.assertOpen());
      this.open.set(name, collection);
    }
    return collection as unknown as Collection<T>;
  }

  async nextId(counter: string): Promise<number> {
    this.sequence ??= counterSequence(this.collection(COUNTERS_COLLECTION));
    return this.sequence(counter);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    // The driver would silently reconnect on a later call; refuse instead, as the embedded engine does.
    this.closed = true;
    await this.client.close();
  }

  private assertOpen(): void {
    if (this.closed) throw new Error('Database is closed');
  }
}
