// Notifications under test through the shared harness (@commerce/testing): notifications in-process, the real storefront
// as its built process (`npx tsc -b services/storefront` first), a real SMTP server (smtp-server) receiving, and order
// events published on the harness's NATS as the orders service publishes them.
import { connect, type NatsConnection } from 'nats';
import { notifications, storefront } from '@commerce/contracts';
import { encodeEvent, ensureStream, eventSubject, newEvent, type DomainEvent } from '@commerce/events';
import { createClient, type ServiceClient } from '@commerce/grpc-runtime';
import { startServiceHarness, startSmtpReceiver, type ServiceHarness, type SmtpReceiver } from '@commerce/testing';
import { loadNotificationsConfig } from '../src/config';
import { startNotificationsService, type RunningNotifications } from '../src/service';

export type NotificationsHarness = ServiceHarness<RunningNotifications, notifications.NotificationsServiceClient, 'storefront'> & {
  stores: ServiceClient<storefront.StoreServiceClient>;
  smtp: SmtpReceiver;
  /** Publishes an event on the orders stream, as the orders service does. */
  publish(event: DomainEvent): Promise<void>;
  close(): Promise<void>;
};

/** `env` adds to the service's settings; `smtp: false` runs it without SMTP_URL (messages kept). */
export async function startNotificationsHarness(
  options: { env?: Record<string, string>; smtp?: boolean } = {},
): Promise<NotificationsHarness> {
  const smtp = await startSmtpReceiver();
  const env: Record<string, string> = { MAIL_FROM: 'orders@platform.test', SMTP_TIMEOUT_MS: '2000', ...options.env };
  if (options.smtp !== false) env.SMTP_URL = smtp.url;
  const harness = await startServiceHarness({
    name: 'notifications',
    start: (serviceEnv) => startNotificationsService(loadNotificationsConfig(serviceEnv)),
    client: notifications.NotificationsServiceClient,
    env,
    siblings: { storefront: {} },
  });
  const bus: NatsConnection = await connect({ servers: harness.natsUrl });
  await ensureStream(await bus.jetstreamManager(), 'orders');
  const js = bus.jetstream();
  return Object.assign(harness, {
    stores: createClient(storefront.StoreServiceClient, harness.siblings.storefront.address),
    smtp,
    async publish(event: DomainEvent) {
      await js.publish(eventSubject('orders', event), encodeEvent(event), { msgID: event.id });
    },
    async close() {
      await bus.close();
      await harness.stop();
      await smtp.stop();
    },
  });
}

let nextStore = 1;

/** A new store in the storefront; answers its id. */
export async function aStore(harness: NotificationsHarness, overrides: Partial<storefront.CreateStoreRequest> = {}): Promise<number> {
  const n = nextStore++;
  const { store } = await harness.stores.createStore(
    storefront.CreateStoreRequest.fromPartial({
      name: `Tea Shop ${n}`,
      subdomain: `tea-shop-${process.pid}-${n}`,
      owner_user_id: 30_000 + n,
      support_email: `owner${n}@shop.test`,
      time_zone: 'America/New_York',
      ...overrides,
    }),
  );
  return store!.id;
}

let nextOrder = 1;

/** An order as `GET /v1/orders/:id` renders it (docs/orders.md#records), paid, with what the test overrides. */
export function anOrder(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const id = 900 + nextOrder++;
  const item = (itemId: number, name: string, quantity: number, price: number) => ({
    item: {
      id: itemId,
      order_id: id,
      product_id: 5,
      product_name: name,
      variant_id: 9,
      variant_name: 'Default',
      sku: null,
      quantity,
      fulfilled_at: null,
      discount: 0,
      list_price: price,
      tax: 0,
      fulfillment_id: null,
      price_in_cents: price * quantity,
    },
  });
  return {
    id,
    subtotal: 2500,
    shipping: 600,
    tax: 200,
    discounts: 0,
    confirmed_at: '2026-03-01T10:00:00-05:00',
    fulfilled_at: null,
    updated_at: '2026-03-01T10:00:00-05:00',
    paid_at: '2026-03-01T10:00:00-05:00',
    payment_processor: 'test',
    status: 'open',
    email: 'ada@buyer.test',
    user_note: null,
    price: '33.00',
    currency: 'USD',
    shipping_class_id: 1,
    shipping_class_name: 'Standard',
    address: {
      name: 'Ada Lovelace',
      address_1: '1 Main St',
      address_2: '',
      city: 'Springfield',
      postal: '12345',
      state: 'Illinois',
      state_abbrev: 'IL',
      country: 'US',
    },
    items: [item(id * 10 + 1, 'Green Tea', 2, 1000), item(id * 10 + 2, 'Teapot', 1, 500)],
    fulfillments: [],
    ...overrides,
  };
}

/** The event orders publishes for the order. */
export function orderEvent(
  storeId: number,
  topic: 'order/paid' | 'order/shipped' | 'order/canceled',
  order: Record<string, unknown>,
  sequence = 2,
) {
  return newEvent({
    topic,
    storeId,
    resourceType: 'order',
    resourceId: Number(order.id),
    sequence,
    resource: order as never,
  });
}
