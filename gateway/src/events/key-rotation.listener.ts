import type { NatsConnection, Subscription } from 'nats';
import type { ApiKeyCache } from '../auth/api-key.cache';
import { listenForInvalidations } from './cache-invalidation.listener';

/** identity's `api_key/rotated` events, for every store. */
export const KEY_ROTATION_SUBJECT = 'events.identity.*.api_key/rotated';

/** Drops a store's cached key the moment identity rotates it. */
export function listenForKeyRotations(nc: NatsConnection, cache: ApiKeyCache): Subscription {
  return listenForInvalidations(nc, KEY_ROTATION_SUBJECT, {
    apply: (event) => cache.invalidateStore(event.store_id),
    clear: () => cache.clear(),
  });
}
