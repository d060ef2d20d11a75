import { randomUUID } from 'node:crypto';
import { checkedFields, validationFailed } from '@commerce/grpc-runtime';
import { newStoreFields, newStoreRecord, type NewStoreInput } from '../domain/store';
import type { StoreDocument } from '../infra/store.repository';
import { storeEvent } from './store-message';
import { ensureDefaultTemplates } from './store-templates';
import type { StorefrontDeps } from './storefront-deps';

/**
 * Creates a store with its six default templates. The request key makes it safe to retry: a key seen before answers
 * the store it created, so a caller that lost the first answer never makes a second store. The templates are written
 * after the store; a crash between the two is healed by the retry, or by the first read of the store's templates
 * (app/store-templates.ts).
 */
export async function createStore(
  deps: Pick<StorefrontDeps, 'stores' | 'templates' | 'nextId' | 'settings' | 'storeDefaults' | 'clock'>,
  input: NewStoreInput,
  requestKey: string = randomUUID(),
): Promise<StoreDocument> {
  const store = await insertStore(deps, input, requestKey);
  await ensureDefaultTemplates(deps, store.id);
  return store;
}

async function insertStore(
  deps: Pick<StorefrontDeps, 'stores' | 'nextId' | 'settings' | 'storeDefaults' | 'clock'>,
  input: NewStoreInput,
  requestKey: string,
): Promise<StoreDocument> {
  const previous = await deps.stores.findByRequestKey(requestKey);
  if (previous) return previous;

  const fields = checkedFields(newStoreFields(), { ...input, time_zone: input.time_zone || deps.settings.defaultTimeZone });
  const record = newStoreRecord(await deps.nextId('stores'), fields, deps.settings.assetsBaseUrl, deps.clock(), deps.storeDefaults);
  const insertion = await deps.stores.insert(record, requestKey, storeEvent('store/created', record, 1, deps.settings));
  if ('stored' in insertion) return insertion.stored;

  // A concurrent retry with the same key may have won the race; answer its store.
  const winner = await deps.stores.findByRequestKey(requestKey);
  if (winner) return winner;
  if (insertion.taken === 'request_key') throw new Error(`request key ${requestKey} is taken, yet no store has it`);
  throw validationFailed({ subdomain: ['has already been taken'] });
}
