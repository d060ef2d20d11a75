import type { DomainEvent, OutboxCollection } from '@commerce/events';
import { conflict } from '@commerce/grpc-runtime';
import { KeyedQueue } from '@commerce/persistence';

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
  private readonly replacements = new KeyedQueue();

  static readonly collection = 'api_keys';

  constructor(private readonly keys: OutboxCollection<ApiKeyDocument>) {}

  findByHash(keyHash: string): Promise<ApiKeyDocument | null> {
    return this.keys.findOne({ key_hash: keyHash });
  }

  findByStore(storeId: number): Promise<ApiKeyDocument | null> {
    return this.keys.findOne({ store_id: storeId });
  }

  /**
   * Sets the store's key, replacing any previous one in the same write as its event, so the old
   * key stops matching at once and every gateway hears about it. One rotation per store at a time here.
   */
  replace(
    storeId: number,
    keyId: string,
    keyHash: string,
    now: Date,
    event: (previous: ApiKeyDocument | null) => DomainEvent,
  ): Promise<void> {
    return this.replacements.run(storeId, () => this.replaceOnce(storeId, keyId, keyHash, now, event));
  }

  private async replaceOnce(
    storeId: number,
    keyId: string,
    keyHash: string,
    now: Date,
    event: (previous: ApiKeyDocument | null) => DomainEvent,
  ): Promise<void> {
    for (let attempt = 0; attempt < 5; attempt++) {
      const previous = await this.findByStore(storeId);
      const update = { $set: { key_id: keyId, key_hash: keyHash, created_at: now }, $inc: { version: 1 } };
      // The version guard keeps a rotation by another replica from being lost between our read and write.
      const filter = previous ? { store_id: storeId, version: previous.version } : { store_id: storeId };
      const { matched } = await this.keys.updateWithEvents(filter, update, [event(previous)], { upsert: !previous });
      if (matched > 0 || !previous) return;
    }
    throw conflict('The API key is being rotated by another request; try again');
  }
}
