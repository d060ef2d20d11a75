import { notFound } from '@commerce/grpc-runtime';
import type { ApiKeyRepository } from '../infra/api-key.repository';
import { issueStoreApiKey } from './issue-api-key';

/** Replaces an existing store's key; stores are known here by the key they were given at creation. */
export async function rotateApiKey(keys: ApiKeyRepository, storeId: number, now: Date) {
  if (!(await keys.findByStore(storeId))) throw notFound('store');
  return issueStoreApiKey(keys, storeId, now);
}
