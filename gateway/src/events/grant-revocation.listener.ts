import type { NatsConnection, Subscription } from 'nats';
import { decodeEvent } from '@commerce/events';
import type { GrantStatusCache } from '../auth/grant-status.cache';

/** identity's `grant/revoked` events, for every store. */
export const GRANT_REVOCATION_SUBJECT = 'events.identity.*.grant/revoked';

/**
 * Refuses a revoked grant's tokens the moment identity revokes it (user revoked the app, a code or
 * refresh token was replayed, the app was deleted, the token was revoked). As with key rotations, a
 * plain subscription reaches every replica, and a gap (reconnect) clears the whole cache instead.
 */
export function listenForGrantRevocations(nc: NatsConnection, cache: GrantStatusCache): Subscription {
  const subscription = nc.subscribe(GRANT_REVOCATION_SUBJECT, {
    callback: (error, message) => {
      if (error) return;
      try {
        const grantId = decodeEvent(message.data).resource.grant_id;
        if (typeof grantId !== 'string') throw new TypeError('grant/revoked without a grant_id');
        cache.revoke(grantId);
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
