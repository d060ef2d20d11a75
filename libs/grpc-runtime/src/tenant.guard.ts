import { validationFailed } from './domain.error';

/** Every request names its store (docs/architecture.md#contracts); a missing one is a caller bug, refused before any query. */
export function requireStoreId(storeId: number): number {
  if (!Number.isSafeInteger(storeId) || storeId <= 0) throw validationFailed({ store_id: ['is required'] }, 'store_id is required');
  return storeId;
}
