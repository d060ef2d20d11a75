import { storefront } from '@commerce/contracts';
import { encodeEvent, ensureStream, eventSubject, newEvent } from '@commerce/events';
import { implement, notFound, silentLogger, startGrpcServer } from '@commerce/grpc-runtime';
import { rejectionOf, startServiceHarness, type ServiceEnv, type ServiceHarness } from '@commerce/testing';
import { connect } from 'nats';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

interface NotebookStorefront {
  env: ServiceEnv;
  stopped: boolean;
  stop(): Promise<void>;
}

/**
 * A storefront written for this test (a library never imports a service): gRPC on the port it is given,
 * its stores in a JSON file in DATA_DIR, a store/created event on the bus for each new store.
 */
async function startNotebookStorefront(env: ServiceEnv): Promise<NotebookStorefront> {
  const file = join(env.DATA_DIR, 'stores.json');
  const stores: storefront.Store[] = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : [];
  const bus = await connect({ servers: env.NATS_URL });
  await ensureStream(await bus.jetstreamManager(), 'storefront');
  const server = await startGrpcServer({
    port: Number(env.GRPC_PORT),
    host: env.GRPC_HOST,
    logger: silentLogger,
    services: [
      implement(storefront.StoreServiceService, {
        createStore: async ({ name, subdomain }) => {
          const store = storefront.Store.fromPartial({ id: stores.length + 1, name, subdomain });
          stores.push(store);
          writeFileSync(file, JSON.stringify(stores));
          const event = newEvent({
            topic: 'store/created',
            storeId: store.id,
            resourceType: 'store',
            resourceId: store.id,
            sequence: 1,
            resource: { name } as never,
          }); // a partial store: enough for the harness
          await bus.jetstream().publish(eventSubject('storefront', event), encodeEvent(event));
          return { store };
        },
        getStore: async ({ store_id }) => ({ store: stores.find((store) => store.id === store_id) ?? throwNotFound() }),
        updateStore: async () => throwNotFound(),
        findStore: async () => throwNotFound(),
      }),
    ],
  });
  const running: NotebookStorefront = {
    env,
    stopped: false,
    async stop() {
      running.stopped = true;
      await server.shutdown();
      await bus.drain();
    },
  };
  return running;
}

const throwNotFound = (): never => {
  throw notFound('Store');
};

const startNotebookHarness = () =>
  startServiceHarness({
    name: 'storefront',
    start: startNotebookStorefront,
    client: storefront.StoreServiceClient,
    env: { STOREFRONT_DOMAIN: 'shops.test' },
    siblings: { shipping: { start: false } },
  });

const aStore = (name: string) => storefront.CreateStoreRequest.fromPartial({ name, subdomain: name.toLowerCase() });

describe('a service harness', () => {
  let harness: ServiceHarness<NotebookStorefront, storefront.StoreServiceClient, 'shipping'>;

  beforeAll(async () => {
    harness = await startNotebookHarness();
  });

  afterAll(() => harness?.stop());

  it('starts the service in-process on its address with a temp DATA_DIR, the bus, its siblings’ addresses and the test’s env', async () => {
    const { env } = harness.service;

    expect(env).toMatchObject({
      GRPC_HOST: '127.0.0.1',
      DATA_DIR: harness.dataDir,
      NATS_URL: harness.natsUrl,
      STOREFRONT_DOMAIN: 'shops.test',
    });
    expect(`127.0.0.1:${env.GRPC_PORT}`).toBe(harness.address);
    expect(env.SHIPPING_GRPC_ADDR).toBe(harness.siblings.shipping.address);
    expect(env.STOREFRONT_GRPC_ADDR).toBeUndefined();
    expect(harness.siblings.shipping.running).toBe(false);
    expect(existsSync(harness.dataDir)).toBe(true);
    expect((await harness.client.createStore(aStore('First'))).store).toMatchObject({ id: 1, name: 'First' });
  });

  it('restart() starts it again on the same port, data and bus, and the client still answers', async () => {
    const before = harness.service;
    const { store } = await harness.client.createStore(aStore('Durable'));

    await harness.restart();

    expect(before.stopped).toBe(true);
    expect(harness.service).not.toBe(before);
    expect((await harness.client.getStore({ store_id: store!.id })).store).toEqual(store);
    const { store: after } = await harness.client.createStore(aStore('After'));
    const events = await harness.waitForEvents('storefront', 2, { where: (event) => event.store_id >= store!.id });
    expect(events.map((event) => [event.store_id, event.resource.name])).toEqual([
      [store!.id, 'Durable'],
      [after!.id, 'After'],
    ]);
  });

  it('eventsOf() answers the events of a stream the filter accepts, oldest first', async () => {
    const { store } = await harness.client.createStore(aStore('Filtered'));
    await harness.waitForEvents('storefront', 1, { store_id: store!.id });

    expect((await harness.eventsOf('storefront')).length).toBeGreaterThan(1);
    expect(await harness.eventsOf('storefront', { store_id: store!.id, topic: 'store/created' })).toEqual([
      expect.objectContaining({ store_id: store!.id, sequence: 1 }),
    ]);
    expect(await harness.eventsOf('storefront', { store_id: store!.id, topic: 'store/updated' })).toEqual([]);
    expect(await harness.eventsOf('storefront', { where: (event) => event.resource.name === 'Filtered' })).toHaveLength(1);
  });

  it('waitForEvents() gives up at its deadline saying what it waited for and what it found', async () => {
    const { store } = await harness.client.createStore(aStore('Lonely'));

    const waiting = harness.waitForEvents('storefront', 2, { store_id: store!.id, topic: 'store/created' }, { timeoutMs: 300 });

    await expect(waiting).rejects.toThrow(
      `waitFor: 2 event(s) of store ${store!.id}, of topic store/created on EVENTS_STOREFRONT within 300ms; 1 found`,
    );
  });

  it('rejectionOf() answers the RemoteError a call fails with', async () => {
    const error = await rejectionOf(harness.client.getStore({ store_id: 999 }));

    expect(error.reason).toBe('NOT_FOUND');
  });
});

describe('stop()', () => {
  it('stops the service and removes the temp DATA_DIR; a second stop() does nothing', async () => {
    const harness = await startNotebookHarness();
    const { service, dataDir } = harness;

    await harness.stop();
    await harness.stop();

    expect(service.stopped).toBe(true);
    expect(existsSync(dataDir)).toBe(false);
    expect(() => harness.service).toThrow('storefront is not running');
  });
});

describe('a service that fails to start', () => {
  it('rejects with its error and leaves no temp DATA_DIR behind', async () => {
    let dataDir = '';
    const starting = startServiceHarness({
      name: 'storefront',
      start: async (env): Promise<NotebookStorefront> => {
        dataDir = env.DATA_DIR;
        throw new Error('config refused');
      },
      client: storefront.StoreServiceClient,
    });

    await expect(starting).rejects.toThrow('config refused');
    expect(dataDir).not.toBe('');
    expect(existsSync(dataDir)).toBe(false);
  });
});
