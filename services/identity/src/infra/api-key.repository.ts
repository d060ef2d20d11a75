import type { Collection, Database } from '@commerce/persistence';
import { withOutbox, type DomainEvent } from '@commerce/events';

/** One key per store; only its hash is kept. */
export interface ApiKeyDocument {
  [key: string]: unknown;
  store_id: number;
  key_id: string;
  key_hash: string;
  created_at: Date;
  version: number;
  outbox: DomainEvent[];
}

export class ApiKeyRepository {
  constructor(private readonly keys: Collection<ApiKeyDocument>) {}

  static collectionOf(db: Database): Collection<ApiKeyDocument> {
    return db.collection<ApiKeyDocument>('api_keys');
  }

  static async ensureIndexes(keys: Collection<ApiKeyDocument>): Promise<void> {
    await keys.createIndex({ store_id: 1 }, { unique: true, name: 'api_keys_store' });
    await keys.createIndex({ key_hash: 1 }, { unique: true, name: 'api_keys_hash' });
  }

  findByHash(keyHash: string): Promise<ApiKeyDocument | null> {
    return this.keys.findOne({ key_hash: keyHash });
  }

  findByStore(storeId: number): Promise<ApiKeyDocument | null> {
    return this.keys.findOne({ store_id: storeId });
  }

  /**
   * Sets the store's key, replacing any previous one in the same write as its event, so the old
   * key stops matching at once and every gateway hears about it.
   */
  async replace(storeId: number, keyId: string, keyHash: string, now: Date, event: (previous: ApiKeyDocument | null) => DomainEvent): Promise<void> {
    for (let attempt = 0; attempt < 5; attempt++) {
      const previous = await this.findByStore(storeId);
      const update = withOutbox({ $set: { key_id: keyId, key_hash: keyHash, created_at: now }, $inc: { version: 1 } }, event(previous));
      // The version guard makes two concurrent rotations serialize instead of both "winning".
      const filter = previous ? { store_id: storeId, version: previous.version } : { store_id: storeId };
      const { matched } = await this.keys.updateOne(filter, update, { upsert: !previous });
      if (matched > 0 || !previous) return;
    }
    throw new Error(`API key of store ${storeId} kept changing during rotation`);
  }
}
