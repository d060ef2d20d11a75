// Webhooks under test through the shared harness (@commerce/testing): webhooks in-process, the real storefront as
// its built process (`npx tsc -b services/storefront` first), stores made through the storefront's CreateStore.
import { storefront, webhooks } from '@commerce/contracts';
import { encodeEvent, eventSubject, newEvent, type DomainEvent } from '@commerce/events';
import { createClient, type ServiceClient } from '@commerce/grpc-runtime';
import type { RunningService } from '@commerce/service-host';
import { startServiceHarness, type ServiceHarness } from '@commerce/testing';
import type { NatsConnection } from 'nats';
import { loadWebhooksConfig } from '../src/config';
import { startWebhooksService } from '../src/service';

export type WebhooksHarness = ServiceHarness<RunningService, webhooks.WebhooksServiceClient, 'storefront'> & {
  stores: ServiceClient<storefront.StoreServiceClient>;
};

/** `env` adds to (or overrides) the service's settings, e.g. WEBHOOK_ALLOW_PRIVATE_NETWORKS. */
export async function startWebhooksHarness(env: Record<string, string> = {}): Promise<WebhooksHarness> {
  const harness = await startServiceHarness({
    name: 'webhooks',
    start: (serviceEnv) => startWebhooksService(loadWebhooksConfig(serviceEnv)),
    client: webhooks.WebhooksServiceClient,
    env,
    siblings: { storefront: {} },
  });
  return Object.assign(harness, { stores: createClient(storefront.StoreServiceClient, harness.siblings.storefront.address) });
}

let nextStore = 1;

/** A new store in the storefront; answers its id. */
export async function aStore(harness: WebhooksHarness, timeZone = 'America/New_York'): Promise<number> {
  const n = nextStore++;
  const { store } = await harness.stores.createStore(
    storefront.CreateStoreRequest.fromPartial({
      name: `Hook Shop ${n}`,
      subdomain: `hook-shop-${process.pid}-${n}`,
      owner_user_id: 20_000 + n,
      support_email: 'owner@example.com',
      time_zone: timeZone,
    }),
  );
  return store!.id;
}

/** A public receiver as a literal address: creation resolves names, and the test machine may have no DNS. */
export const PUBLIC_URL = 'https://93.184.215.14/hooks';

/** A valid create request for the store, with what the test overrides. */
export const aWebhook = (storeId: number, overrides: Partial<webhooks.CreateWebhookRequest> = {}): webhooks.CreateWebhookRequest =>
  webhooks.CreateWebhookRequest.fromPartial({ store_id: storeId, url: PUBLIC_URL, events: ['order/paid'], ...overrides });

/**
 * Publishes a product's event on the bus as catalog would (its subject, its message id), each the next of the
 * publisher's sequence; answers the event.
 */
export function productEventPublisher(nc: () => NatsConnection) {
  let sequence = 0;
  return async (storeId: number, topic: 'product/updated' | 'product/created', productId: number): Promise<DomainEvent> => {
    const event = newEvent({
      topic,
      storeId,
      resourceType: 'product',
      resourceId: productId,
      sequence: ++sequence,
      resource: { id: productId, name: `P${sequence}` } as never,
    });
    await nc().jetstream().publish(eventSubject('catalog', event), encodeEvent(event), { msgID: event.id });
    return event;
  };
}
