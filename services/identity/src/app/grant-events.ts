import { newEvent, type DomainEvent } from '@commerce/events';
import type { GrantDocument } from '../infra/grant.repository';

/**
 * `grant/revoked` tells every gateway to stop accepting the grant's tokens; `app/uninstalled` is the
 * public webhook topic for "the user removed this app". Both live on the store's subject, so a user
 * without a store has no events (the gateway never caches such a grant; see check-grant.ts).
 */
export function revocationEvents(grant: GrantDocument, storeId: number, now: Date, uninstalled?: { appName: string }): DomainEvent[] {
  if (storeId <= 0) return [];
  const sequence = grant.version + 1;
  const base = { storeId, resourceType: 'grant', resourceId: grant.id, sequence, now };
  const events: DomainEvent[] = [
    newEvent({
      ...base,
      topic: 'grant/revoked',
      resource: { grant_id: String(grant.id), client_id: grant.client_id, user_id: grant.user_id, store_id: storeId },
    }),
  ];
  if (uninstalled) {
    events.push(
      newEvent({
        ...base,
        topic: 'app/uninstalled',
        resource: {
          client_id: grant.client_id,
          app_name: uninstalled.appName,
          user_id: grant.user_id,
          store_id: storeId,
          uninstalled_at: now.toISOString(),
        },
      }),
    );
  }
  return events;
}
