import { isEventOf } from '@commerce/events';
import type { NatsConnection } from 'nats';
import type { OpenStreams } from '../event-stream/open-streams';
import { listenForInvalidations } from './cache-invalidation.listener';
import { GRANT_REVOCATION_SUBJECT } from './grant-revocation.listener';
import { KEY_ROTATION_SUBJECT } from './key-rotation.listener';

/**
 * Ends the live event streams (docs/webhooks.md#the-live-event-stream) of a credential identity stops accepting: a revoked
 * grant's, a rotated key's. Its client reconnects and is refused. A gap in hearing identity's events ends every
 * stream, as it clears the credential caches: each client reconnects, is checked again, and resumes with Last-Event-ID.
 */
export function endStreamsOfRevokedCredentials(nc: NatsConnection, streams: OpenStreams): void {
  listenForInvalidations(nc, GRANT_REVOCATION_SUBJECT, {
    apply: (event) => {
      if (!isEventOf(event, ['grant/revoked'])) return;
      const grantId = event.resource.grant_id;
      if (typeof grantId !== 'string') throw new TypeError('grant/revoked without a grant_id');
      streams.endGrant(grantId);
    },
    clear: () => streams.endAll(),
  });
  listenForInvalidations(nc, KEY_ROTATION_SUBJECT, {
    apply: (event) => streams.endStoreKeyStreams(event.store_id),
    clear: () => undefined, // the grant listener above already ends every stream on a gap
  });
}
