import { isEventOf } from '@commerce/events';
import type { NatsConnection, Subscription } from 'nats';
import type { GrantStatusCache } from '../auth/grant-status.cache';
import { listenForInvalidations } from './cache-invalidation.listener';

/** identity's `grant/revoked` events, for every store. */
export const GRANT_REVOCATION_SUBJECT = 'events.identity.*.grant/revoked';

/**
 * Refuses a revoked grant's tokens the moment identity revokes it (user revoked the app, a code or
 * refresh token was replayed, the app was deleted, the token was revoked).
 */
export function listenForGrantRevocations(nc: NatsConnection, cache: GrantStatusCache): Subscription {
  return listenForInvalidations(nc, GRANT_REVOCATION_SUBJECT, {
    apply: (event) => {
      if (!isEventOf(event, ['grant/revoked'])) return;
      const grantId = event.resource.grant_id;
      if (typeof grantId !== 'string') throw new TypeError('grant/revoked without a grant_id');
      cache.revoke(grantId);
    },
    clear: () => cache.clear(),
  });
}
