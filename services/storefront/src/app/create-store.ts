import { randomUUID } from 'node:crypto';
import { validationFailed } from '@commerce/grpc-runtime';
import type { Database } from '@commerce/persistence';
import { newStoreRecord, validateNewStore, type NewStoreInput } from '../domain/store';
import { RequestKeyUsedError, StoreRepository, SubdomainTakenError, type StoreDocument } from '../infra/store.repository';
import { storeEvent, type StorefrontSettings } from './store-message';

export interface CreateStoreDeps {
  db: Database;
  stores: StoreRepository;
  settings: StorefrontSettings;
  clock: () => Date;
}

/**
 * Creates a store. The request key makes it safe to retry: a key seen before answers the store
 * it created, so a caller that lost the first answer never makes a second store.
 */
export async function createStore(deps: CreateStoreDeps, input: NewStoreInput, requestKey: string = randomUUID()): Promise<StoreDocument> {
  const previous = await deps.stores.findByRequestKey(requestKey);
  if (previous) return previous;

  const prepared: NewStoreInput = { ...input, subdomain: input.subdomain.trim().toLowerCase(), time_zone: input.time_zone || deps.settings.defaultTimeZone };
  const violations = validateNewStore(prepared);
  if (Object.keys(violations).length > 0) throw validationFailed(violations);

  const record = newStoreRecord(await deps.db.nextId('stores'), prepared, deps.settings.assetsBaseUrl, deps.clock());
  try {
    return await deps.stores.insert(record, requestKey, storeEvent('store/created', record, 1, deps.settings));
  } catch (error) {
    if (!(error instanceof SubdomainTakenError || error instanceof RequestKeyUsedError)) throw error;
    // A concurrent retry with the same key may have won the race; answer its store.
    const winner = await deps.stores.findByRequestKey(requestKey);
    if (winner) return winner;
    if (error instanceof RequestKeyUsedError) throw error;
    throw validationFailed({ subdomain: ['has already been taken'] });
  }
}
