import type { storefront } from '@commerce/contracts';
import { formatTimestamp } from './timestamp';

/** The store record of spec 2.6 (plus id and timestamps), as GET /v1/store and `store/updated` carry it. */
export function presentStore(store: storefront.Store) {
  const zone = store.time_zone;
  return {
    id: store.id,
    name: store.name,
    description: store.description,
    url: store.url,
    service_url: store.service_url,
    subdomain: store.subdomain,
    location: store.location,
    support_email: store.support_email,
    return_address: store.return_address,
    business_name: store.business_name,
    business_type: store.business_type,
    phone: store.phone,
    time_zone: zone,
    avatar: store.avatar,
    storefront_open: store.storefront_open,
    list_in_marketplace: store.list_in_marketplace,
    custom_domain: store.custom_domain ?? null,
    use_default_layout: store.use_default_layout,
    css: store.css,
    layout: store.layout,
    created_at: store.created_at ? formatTimestamp(store.created_at, zone) : null,
    updated_at: store.updated_at ? formatTimestamp(store.updated_at, zone) : null,
  };
}

export type StoreJson = ReturnType<typeof presentStore>;
