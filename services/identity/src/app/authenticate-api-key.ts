import { unauthenticated } from '@commerce/grpc-runtime';
import { hashApiKey, looksLikeApiKey } from '../domain/api-key';
import type { ApiKeyRepository } from '../infra/api-key.repository';

export async function authenticateApiKey(keys: ApiKeyRepository, candidate: string): Promise<{ storeId: number; keyId: string }> {
  // Malformed keys never touch the database.
  const key = looksLikeApiKey(candidate) ? await keys.findByHash(hashApiKey(candidate)) : null;
  if (!key) throw unauthenticated('API Key is invalid');
  return { storeId: key.store_id, keyId: key.key_id };
}
