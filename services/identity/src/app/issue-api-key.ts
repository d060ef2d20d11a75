import { newEvent } from '@commerce/events';
import { issueApiKey } from '../domain/api-key';
import type { ApiKeyRepository } from '../infra/api-key.repository';

/**
 * Gives the store a new key (the first one, or a replacement that kills the old one at once).
 * `api_key/rotated` tells every gateway to drop what it cached for the store.
 */
export async function issueStoreApiKey(keys: ApiKeyRepository, storeId: number, now: Date): Promise<{ plaintext: string; keyId: string }> {
  const issued = issueApiKey();
  await keys.replace(storeId, issued.keyId, issued.hash, now, (previous) =>
    newEvent({
      topic: 'api_key/rotated',
      storeId,
      resourceType: 'api_key',
      resourceId: storeId,
      sequence: (previous?.version ?? 0) + 1,
      resource: { store_id: storeId, key_id: issued.keyId, old_key_id: previous?.key_id ?? null },
      now,
    }),
  );
  return { plaintext: issued.plaintext, keyId: issued.keyId };
}
