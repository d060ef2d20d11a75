import { catalog, identity, media, orders, shipping, storefront, webhooks } from '@commerce/contracts';
import { addressOf, SERVICE_NAMES, type ServiceName } from '@commerce/config';
import { createClient } from '@commerce/grpc-runtime';
import type { ChannelCredentials, ClientOptions } from '@grpc/grpc-js';
import type { GatewayConfig } from './config';

/** One long-lived client (and channel) per backend, created at boot and reused by every request. */
export function createBackendClients(config: GatewayConfig) {
  const options = { deadlineMs: config.GRPC_DEADLINE_MS };
  return {
    identity: createClient(identity.IdentityServiceClient, addressOf(config, 'identity'), options),
    stores: createClient(storefront.StoreServiceClient, addressOf(config, 'storefront'), options),
    templates: createClient(storefront.TemplateServiceClient, addressOf(config, 'storefront'), options),
    visits: createClient(storefront.VisitServiceClient, addressOf(config, 'storefront'), options),
    pages: createClient(storefront.PageServiceClient, addressOf(config, 'storefront'), options),
    catalog: createClient(catalog.CatalogServiceClient, addressOf(config, 'catalog'), options),
    shipping: createClient(shipping.ShippingServiceClient, addressOf(config, 'shipping'), options),
    orders: createClient(orders.OrdersServiceClient, addressOf(config, 'orders'), options),
    discounts: createClient(orders.DiscountsServiceClient, addressOf(config, 'orders'), options),
    taxRates: createClient(orders.TaxRatesServiceClient, addressOf(config, 'orders'), options),
    webhooks: createClient(webhooks.WebhooksServiceClient, addressOf(config, 'webhooks'), options),
    webhookDeliveries: createClient(webhooks.WebhookDeliveryServiceClient, addressOf(config, 'webhooks'), options),
    media: createClient(LargeMessageMediaClient, addressOf(config, 'media'), options),
  };
}

export type BackendClients = ReturnType<typeof createBackendClients>;

export function backendAddresses(config: GatewayConfig): Array<{ service: ServiceName; address: string }> {
  return SERVICE_NAMES.map((service) => ({ service, address: addressOf(config, service) }));
}

/** An upload (StoreImage) carries up to 25 MB of image, an original rendition as much: past the 8 MB of other channels. */
const MEDIA_MESSAGE_BYTES = 32 * 1024 * 1024;

/**
 * The media client on a channel of its own whose message size fits an upload. createClient shares one channel per
 * address with the platform's size; this subclass ignores that channel and opens its own with the larger size
 * (and the same keepalive and reconnect settings as libs/grpc-runtime/src/channel.options.ts).
 */
class LargeMessageMediaClient extends media.MediaServiceClient {
  constructor(address: string, channelCredentials: ChannelCredentials, _options?: Partial<ClientOptions>) {
    super(address, channelCredentials, {
      'grpc.max_receive_message_length': MEDIA_MESSAGE_BYTES,
      'grpc.max_send_message_length': MEDIA_MESSAGE_BYTES,
      'grpc.keepalive_time_ms': 30_000,
      'grpc.keepalive_timeout_ms': 10_000,
      'grpc.initial_reconnect_backoff_ms': 250,
      'grpc.max_reconnect_backoff_ms': 2_000,
      'grpc.enable_channelz': 0,
    });
  }
}
