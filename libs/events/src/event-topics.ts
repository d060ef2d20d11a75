import type { CollectionJson, FulfillmentJson, OrderJson, ProductJson, ShippingClassJson, ShippingGroupJson, StoreJson, VariantJson } from '@commerce/api-presenters';

/** identity's `api_key/rotated`: a store's key was replaced (gateways drop the old one from their caches). */
export interface ApiKeyRotatedResource {
  store_id: number;
  key_id: string;
  old_key_id: string | null;
}

/** identity's `grant/revoked`: an app's access to a store ended (gateways stop honouring its tokens). */
export interface GrantRevokedResource {
  grant_id: string;
  client_id: string;
  user_id: number;
  store_id: number;
}

/** identity's public `app/uninstalled`: the store owner removed the app. */
export interface AppUninstalledResource {
  client_id: string;
  app_name: string;
  user_id: number;
  store_id: number;
  uninstalled_at: string;
}

/**
 * Every topic a service publishes, with the resource its events carry: the record as the API renders it
 * (the presenters' output) or, for internal topics, the fields listed above. Publishing a topic that is not
 * here, or a resource of the wrong shape, does not compile; a consumer that narrows on `event.topic` gets the
 * resource typed. Add a topic here first when a service starts publishing it.
 */
export interface EventResources {
  'store/created': StoreJson;
  'store/updated': StoreJson;
  'product/created': ProductJson;
  'product/updated': ProductJson;
  'product/deleted': ProductJson;
  'variant/created': VariantJson;
  'variant/updated': VariantJson;
  'variant/deleted': VariantJson;
  'collection/created': CollectionJson;
  'collection/updated': CollectionJson;
  'collection/deleted': CollectionJson;
  'shipping_group/created': ShippingGroupJson;
  'shipping_group/updated': ShippingGroupJson;
  'shipping_group/deleted': ShippingGroupJson;
  'shipping_class/created': ShippingClassJson;
  'shipping_class/updated': ShippingClassJson;
  'shipping_class/deleted': ShippingClassJson;
  'order/created': OrderJson;
  'order/paid': OrderJson;
  'order/updated': OrderJson;
  'order/shipped': OrderJson;
  'order/on_hold': OrderJson;
  'order/opened': OrderJson;
  'order/canceled': OrderJson;
  'fulfillment/updated': FulfillmentJson;
  'api_key/rotated': ApiKeyRotatedResource;
  'grant/revoked': GrantRevokedResource;
  'app/uninstalled': AppUninstalledResource;
}

export type EventTopic = keyof EventResources;
