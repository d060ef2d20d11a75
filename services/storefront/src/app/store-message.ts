import type { storefront } from '@commerce/contracts';
import { presentStore } from '@commerce/api-presenters';
import { newEvent, type DomainEvent } from '@commerce/events';
import { storeSiteUrl } from '../domain/site-url';
import type { StoreRecord } from '../domain/store';
import type { StorefrontSettings } from './storefront-deps';

/** The contract's Store: the record plus the addresses derived from its subdomain. */
export function toStoreMessage(record: StoreRecord, settings: StorefrontSettings): storefront.Store {
  const host = `${record.subdomain}.${settings.storefrontDomain}`;
  return {
    id: record.id,
    name: record.name,
    description: record.description,
    url: storeSiteUrl(record.subdomain, {
      domain: settings.storefrontDomain,
      scheme: settings.storefrontScheme,
      port: settings.storefrontPort ?? '',
    }),
    service_url: host,
    subdomain: record.subdomain,
    location: record.location,
    support_email: record.support_email,
    return_address: record.return_address,
    business_name: record.business_name,
    business_type: record.business_type,
    phone: record.phone,
    time_zone: record.time_zone,
    avatar: record.avatar,
    storefront_open: record.storefront_open,
    list_in_marketplace: record.list_in_marketplace,
    custom_domain: record.custom_domain ?? undefined,
    use_default_layout: record.use_default_layout,
    css: record.css,
    layout: record.layout,
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
