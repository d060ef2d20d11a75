import type {
  CollectionJson,
  DiscountJson,
  FulfillmentJson,
  OrderJson,
  ProductJson,
  RefundJson,
  ShippingClassJson,
  ShippingGroupJson,
  StoreJson,
  TaxRateJson,
  TemplateJson,
  VariantJson,
} from '@commerce/api-presenters';

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

/** webhooks' internal `webhook/test`: a ping sent to one webhook on request (POST /v1/webhooks/:id/test); never published on the bus. */
export interface WebhookTestResource {
  webhook_id: number;
  message: string;
}

/** media's internal `image/ready` and `image/failed`: an image given by URL was fetched, or could not be (proto field names). */
export interface MediaImageResource {
  id: number;
  key: string;
  status: 'ready' | 'pending' | 'failed';
  width: number;
  height: number;
  byte_size: number;
  format: string;
  source_url: string;
  error: string;
  created_at: string;
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
  'template/created': TemplateJson;
  'template/updated': TemplateJson;
  'template/deleted': TemplateJson;
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
  'refund/created': RefundJson;
  'discount/created': DiscountJson;
  'discount/updated': DiscountJson;
  'discount/deleted': DiscountJson;
  'tax_rate/created': TaxRateJson;
  'tax_rate/updated': TaxRateJson;
  'tax_rate/deleted': TaxRateJson;
  'api_key/rotated': ApiKeyRotatedResource;
  'grant/revoked': GrantRevokedResource;
  'app/uninstalled': AppUninstalledResource;
  'webhook/test': WebhookTestResource;
  'image/ready': MediaImageResource;
  'image/failed': MediaImageResource;
}

export type EventTopic = keyof EventResources;

/**
 * The topics an app may subscribe a webhook to (docs/events.md#topics, plus `order/canceled` and `refund/created`), in
 * the order the design lists them; the others above are internal.
 */
export const PUBLIC_TOPICS = [
  'order/created',
  'order/paid',
  'order/updated',
  'order/shipped',
  'order/on_hold',
  'order/opened',
  'order/canceled',
  'fulfillment/updated',
  'refund/created',
  'tax_rate/created',
  'tax_rate/updated',
  'tax_rate/deleted',
  'product/created',
  'product/updated',
  'product/deleted',
  'variant/created',
  'variant/updated',
  'variant/deleted',
  'collection/created',
  'collection/updated',
  'collection/deleted',
  'shipping_group/created',
  'shipping_group/updated',
  'shipping_group/deleted',
  'shipping_class/created',
  'shipping_class/updated',
  'shipping_class/deleted',
  'store/updated',
  'template/created',
  'template/updated',
  'template/deleted',
  'app/uninstalled',
  'discount/created',
  'discount/updated',
  'discount/deleted',
] as const;

export type PublicTopic = (typeof PUBLIC_TOPICS)[number];

/** Subscription names that stand for every public topic of their resource (docs/events.md#topics writes them so). */
export const PUBLIC_TOPIC_WILDCARDS = ['shipping_group/*', 'shipping_class/*'] as const;

/** True when a webhook subscribed to `subscription` (its `events`) receives `topic`, wildcards included. */
export function subscribesTo(subscription: readonly string[], topic: string): boolean {
  if (subscription.includes(topic)) return true;
  const slash = topic.indexOf('/');
  const wildcard = `${topic.slice(0, slash)}/*`;
  return slash > 0 && (PUBLIC_TOPIC_WILDCARDS as readonly string[]).includes(wildcard) && subscription.includes(wildcard);
}
