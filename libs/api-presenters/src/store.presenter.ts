import type { storefront } from '@commerce/contracts';
import { formatTimestamp } from './timestamp';
import { z } from 'zod';
import { id, optionalTimestamp } from './answer-schema';

/** What presentStore renders (the OpenAPI document's `Store`). */
export const storeJson = z
  .strictObject({
    id: id(),
    name: z.string(),
    description: z.string(),
    url: z.string(),
    service_url: z.string(),
    subdomain: z.string(),
    location: z.string(),
    support_email: z.string(),
    return_address: z.string(),
    business_name: z.string(),
    business_type: z.string(),
    phone: z.string(),
    time_zone: z.string().meta({ description: 'an IANA time zone name' }),
    avatar: z.string(),
    storefront_open: z.boolean(),
    list_in_marketplace: z.boolean(),
    custom_domain: z.string().nullable(),
    use_default_layout: z.boolean(),
    css: z.string(),
    layout: z.string(),
    currency: z.string().meta({ description: 'an ISO 4217 code, upper case: the unit of every amount the store holds' }),
    prices_include_tax: z.boolean().meta({ description: 'whether prices are entered with tax included' }),
    created_at: optionalTimestamp(),
    updated_at: optionalTimestamp(),
  })
  .meta({ id: 'Store' });

export type StoreJson = z.infer<typeof storeJson>;

/** The store record of docs/api-conventions.md#store (plus id and timestamps), as GET /v1/store and `store/updated` carry it. */
export function presentStore(store: storefront.Store): StoreJson {
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
    currency: store.currency,
    prices_include_tax: store.prices_include_tax,
    created_at: store.created_at ? formatTimestamp(store.created_at, zone) : null,
    updated_at: store.updated_at ? formatTimestamp(store.updated_at, zone) : null,
  };
}
