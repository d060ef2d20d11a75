import type { NatsConnection, Subscription } from 'nats';
import { decodeEvent } from '@commerce/events';
import type { ApiKeyCache } from '../auth/api-key.cache';

/** identity's `api_key/rotated` events, for every store. */
export const KEY_ROTATION_SUBJECT = 'events.identity.*.api_key/rotated';

/**
 * Drops a store's cached key the moment identity rotates it. A plain subscription is enough: every
 * gateway replica must hear every rotation, and a gap (reconnect) clears the whole cache instead.
 */
export function listenForKeyRotations(nc: NatsConnection, cache: ApiKeyCache): Subscription {
  const subscription = nc.subscribe(KEY_ROTATION_SUBJECT, {
    callback: (error, message) => {
      if (error) return;
      try {
        cache.invalidateStore(decodeEvent(message.data).store_id);
      } catch {
        cache.clear();
      }
    },
  });
  void (async () => {
    for await (const status of nc.status()) {
      if (status.type === 'reconnect' || status.type === 'disconnect') cache.clear();
    }
  })();
  return subscription;
}
