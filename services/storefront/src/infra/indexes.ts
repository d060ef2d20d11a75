import type { Collection } from '@commerce/persistence';
import type { StoreDocument } from './store.repository';

/** Every lookup the service makes is backed by one of these. */
export async function ensureStoreIndexes(stores: Collection<StoreDocument>): Promise<void> {
  await stores.createIndex({ id: 1 }, { unique: true, name: 'stores_id' });
  await stores.createIndex({ subdomain: 1 }, { unique: true, name: 'stores_subdomain' });
  await stores.createIndex({ request_key: 1 }, { unique: true, name: 'stores_request_key' });
}
