import type { storefront } from '@commerce/contracts';
import { presentStore } from '@commerce/api-presenters';
import { newEvent, type DomainEvent } from '@commerce/events';
import { storeSiteUrl } from '../domain/site-url';
import { ownerFieldsOf, type StoreRecord } from '../domain/store';
import type { StorefrontSettings } from './storefront-deps';

/** The contract's Store: the record (its owner's fields as declared in domain/store.ts) plus the addresses derived from its subdomain. */
export function toStoreMessage(record: StoreRecord, settings: StorefrontSettings): storefront.Store {
  const host = `${record.subdomain}.${settings.storefrontDomain}`;
  return {
    id: record.id,
    ...ownerFieldsOf(record),
    custom_domain: record.custom_domain ?? undefined,
    url: storeSiteUrl(record.subdomain, {
      domain: settings.storefrontDomain,
      scheme: settings.storefrontScheme,
      port: settings.storefrontPort ?? '',
    }),
    service_url: host,
    subdomain: record.subdomain,
    avatar: record.avatar,
    owner_user_id: record.owner_user_id,
    paypal_email: record.paypal_email,
    created_at: record.created_at,
    updated_at: record.updated_at,
  };
}

export function storeEvent(
  topic: 'store/created' | 'store/updated',
  record: StoreRecord,
  sequence: number,
  settings: StorefrontSettings,
): DomainEvent {
  return newEvent({
    topic,
    storeId: record.id,
    resourceType: 'store',
    resourceId: record.id,
    sequence,
    resource: presentStore(toStoreMessage(record, settings)),
    now: record.updated_at,
  });
}
