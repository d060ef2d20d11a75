import { catalog, identity, media, notifications, orders, shipping, storefront, webhooks } from '@commerce/contracts';
import { addressOf, SERVICE_NAMES, type ServiceName } from '@commerce/config';
import { createClient, MEDIA_MESSAGE_BYTES } from '@commerce/grpc-runtime';
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
    media: createClient(media.MediaServiceClient, addressOf(config, 'media'), { ...options, maxMessageBytes: MEDIA_MESSAGE_BYTES }),
    notifications: createClient(notifications.NotificationsServiceClient, addressOf(config, 'notifications'), options),
  };
}

export type BackendClients = ReturnType<typeof createBackendClients>;

export function backendAddresses(config: GatewayConfig): Array<{ service: ServiceName; address: string }> {
  return SERVICE_NAMES.map((service) => ({ service, address: addressOf(config, service) }));
}
