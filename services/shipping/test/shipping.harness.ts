// The shipping service as it runs: real gRPC on port 0, a private nats-server, the embedded store in a
// temp dir. Catalog is either absent (its address answers nothing: every question to it is UNAVAILABLE)
// or the real catalog service run as its built process, with the storefront it needs. Each test file
// owns one harness.
import { catalog, shipping, storefront } from '@commerce/contracts';
import type { DomainEvent } from '@commerce/events';
import { closeAllChannels, createClient, RemoteError, type ServiceClient } from '@commerce/grpc-runtime';
import type { RunningService } from '@commerce/service-host';
import { freePort, rejectionOf as rejectionOfType, removeDir, ServiceProcess, startNatsServer, streamEvents, tempDir, waitFor, type NatsServerHandle } from '@commerce/testing';
import { connect, type NatsConnection } from 'nats';
import { loadShippingConfig } from '../src/config';
import { startShippingService } from '../src/service';

export type ShippingClient = ServiceClient<shipping.ShippingServiceClient>;

export interface ShippingHarness {
  shipping: ShippingClient;
  service: RunningService;
  natsUrl: string;
  dataDir: string;
  /** Where shipping dials catalog (nothing listens there unless the test starts catalog on it). */
  catalogAddress: string;
  /** Every event of one store on the shipping stream, oldest first, optionally of one topic. */
  eventsOf(storeId: number, topic?: string): Promise<DomainEvent[]>;
  /** Waits until the store has at least `count` events of the topic ('' for any) on the stream, and answers them all. */
  waitForEvents(storeId: number, topic: string, count: number): Promise<DomainEvent[]>;
  /** Stops the service and starts it again on the same DATA_DIR and bus. */
  restart(): Promise<void>;
  /** Other services this harness started (stopped first by stop()). */
  adopt(process: ServiceProcess): void;
  stop(): Promise<void>;
}

export async function startShippingHarness(): Promise<ShippingHarness> {
  const nats = await startNatsServer();
  const dataDir = await tempDir('shipping-int-');
  const catalogAddress = `127.0.0.1:${await freePort()}`;
  const config = loadShippingConfig({
    GRPC_PORT: '0',
    GRPC_HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    NATS_URL: nats.url,
    LOG_LEVEL: 'silent',
    CATALOG_GRPC_ADDR: catalogAddress,
  });
  const processes: ServiceProcess[] = [];
  let bus: NatsConnection | undefined;
  let service: RunningService | undefined;
  try {
    service = await startShippingService(config);
    bus = await connect({ servers: nats.url });
    const jsm = await bus.jetstreamManager();
    const harness: ShippingHarness = {
      shipping: createClient(shipping.ShippingServiceClient, service.address),
      service,
      natsUrl: nats.url,
      dataDir,
      catalogAddress,
      eventsOf: async (storeId, topic) => (await streamEvents<DomainEvent>(jsm, 'shipping')).filter((event) => event.store_id === storeId && (!topic || event.topic === topic)),
      waitForEvents: (storeId, topic, count) =>
        waitFor(
          async () => {
            const events = await harness.eventsOf(storeId, topic);
            return events.length >= count ? events : undefined;
          },
          { timeoutMs: 10_000, message: `${count} ${topic} event(s) of store ${storeId} on EVENTS_SHIPPING` },
        ),
      async restart() {
        await harness.service.stop();
        harness.service = await startShippingService(config);
        harness.shipping = createClient(shipping.ShippingServiceClient, harness.service.address);
      },
      adopt: (process) => void processes.push(process),
      stop: () => stopAll(harness.service, processes, bus, nats, dataDir),
    };
    return harness;
  } catch (error) {
    await stopAll(service, processes, bus, nats, dataDir);
    throw error;
  }
}

async function stopAll(service: RunningService | undefined, processes: ServiceProcess[], bus: NatsConnection | undefined, nats: NatsServerHandle, dataDir: string): Promise<void> {
  for (const process of processes.reverse()) await process.stop();
  await service?.stop();
  closeAllChannels();
  await bus?.drain().catch(() => undefined);
  await nats.stop();
  await removeDir(dataDir);
}

export interface RunningCatalog {
  catalog: ServiceClient<catalog.CatalogServiceClient>;
  stores: ServiceClient<storefront.StoreServiceClient>;
  process: ServiceProcess;
  /** A store made through storefront's CreateStore: catalog checks the stores it writes for. */
  aStore(): Promise<number>;
}

/**
 * The real catalog (and the storefront it needs), as built processes on the harness's bus and data dir,
 * listening where shipping dials catalog and dialing the in-process shipping back.
 */
export async function startCatalog(harness: ShippingHarness): Promise<RunningCatalog> {
  const env = { DATA_DIR: harness.dataDir, NATS_URL: harness.natsUrl };
  const storefrontProcess = new ServiceProcess('storefront', { ...env, GRPC_PORT: String(await freePort()) });
  harness.adopt(storefrontProcess);
  await storefrontProcess.start();
  const catalogProcess = new ServiceProcess('catalog', {
    ...env,
    GRPC_PORT: harness.catalogAddress.split(':')[1],
    SHIPPING_GRPC_ADDR: harness.service.address,
    STOREFRONT_GRPC_ADDR: storefrontProcess.address,
  });
  harness.adopt(catalogProcess);
  await catalogProcess.start();
  const stores = createClient(storefront.StoreServiceClient, storefrontProcess.address);
  let nextSubdomain = 1;
  return {
    catalog: createClient(catalog.CatalogServiceClient, catalogProcess.address),
    stores,
    process: catalogProcess,
    async aStore() {
      const request = storefront.CreateStoreRequest.fromPartial({ name: 'Ship Shop', subdomain: `ship-${nextSubdomain++}`, owner_user_id: 1, support_email: 'o@example.com' });
      return (await stores.createStore(request)).store!.id;
    },
  };
}

/** The RemoteError a call fails with; fails the test if the call succeeds or fails otherwise. */
export const rejectionOf = (call: Promise<unknown>): Promise<RemoteError> => rejectionOfType(call, RemoteError);

let nextStoreId = 1_000;

/** A store id no other test of this file uses (shipping takes the tenant from the request, DESIGN §3). */
export const aStoreId = (): number => nextStoreId++;

/** Fixtures: a class and a group created through the service, with sensible defaults. */
export function fixtures(client: () => ShippingClient) {
  return {
    async aClass(storeId: number, overrides: Partial<shipping.CreateShippingClassRequest> = {}): Promise<shipping.ShippingClass> {
      const { shipping_class } = await client().createShippingClass(
        shipping.CreateShippingClassRequest.fromPartial({ store_id: storeId, name: 'Standard', countries: ['US', 'CA'], ...overrides }),
      );
      return shipping_class!;
    },
    async aGroup(storeId: number, overrides: Partial<shipping.CreateShippingGroupRequest> = {}): Promise<shipping.ShippingGroup> {
      const { shipping_group } = await client().createShippingGroup(shipping.CreateShippingGroupRequest.fromPartial({ store_id: storeId, name: 'Posters', ...overrides }));
      return shipping_group!;
    },
  };
}

/** A group's rate row as the contract carries it. */
export const groupRate = (shipping_class_id: number, first_item_in_cents: number, additional_item_in_cents: number): shipping.ShippingGroupRate => ({
  shipping_class_id,
  first_item_in_cents,
  additional_item_in_cents,
});

/** A class's rate row as the contract carries it. */
export const classRate = (shipping_group_id: number, first_item_in_cents: number, additional_item_in_cents: number): shipping.ShippingClassRate => ({
  shipping_group_id,
  first_item_in_cents,
  additional_item_in_cents,
});
