import { rejectionOf as rejectionOfType } from '@commerce/testing';
// The storefront service as it runs: real gRPC on port 0, a private nats-server, the embedded store
// in a temp dir. Each test file owns one harness.
import { storefront } from '@commerce/contracts';
import type { DomainEvent } from '@commerce/events';
import { closeAllChannels, createClient, RemoteError, type ServiceClient } from '@commerce/grpc-runtime';
import { removeDir, startNatsServer, tempDir, waitFor, type NatsServerHandle } from '@commerce/testing';
import { connect, type JetStreamManager, type NatsConnection } from 'nats';
import { loadStorefrontConfig } from '../src/config';
import type { RunningService } from '@commerce/service-host';
import { startStorefrontService } from '../src/service';

export const STREAM = 'EVENTS_STOREFRONT';

export type StoreClient = ServiceClient<storefront.StoreServiceClient>;

export interface StorefrontHarness {
  /** A client of the running service; replaced by restart(). */
  stores: StoreClient;
  service: RunningService;
  /** Stops the service and starts it again on the same DATA_DIR and bus (new port). */
  restart(): Promise<void>;
  /** Every event of one store published so far, oldest first, optionally of one topic. */
  eventsOf(storeId: number, topic?: string): Promise<DomainEvent[]>;
  /** Waits until the store has at least `count` events of the topic on the stream, and answers them all. */
  waitForEvents(storeId: number, topic: string, count: number): Promise<DomainEvent[]>;
  stop(): Promise<void>;
}

export async function startStorefrontHarness(): Promise<StorefrontHarness> {
  const nats = await startNatsServer();
  const dataDir = await tempDir('storefront-int-');
  const config = loadStorefrontConfig({ GRPC_PORT: '0', GRPC_HOST: '127.0.0.1', DATA_DIR: dataDir, NATS_URL: nats.url, LOG_LEVEL: 'silent' });
  let bus: NatsConnection | undefined;
  let service: RunningService | undefined;
  try {
    service = await startStorefrontService(config);
    bus = await connect({ servers: nats.url });
    const jsm = await bus.jetstreamManager();
    const harness: StorefrontHarness = {
      stores: createClient(storefront.StoreServiceClient, service.address),
      service,
      async restart() {
        await harness.service.stop();
        harness.service = await startStorefrontService(config);
        harness.stores = createClient(storefront.StoreServiceClient, harness.service.address);
      },
      eventsOf: async (storeId, topic) => (await streamEvents(jsm)).filter((event) => event.store_id === storeId && (!topic || event.topic === topic)),
      waitForEvents: (storeId, topic, count) =>
        waitFor(
          async () => {
            const events = await harness.eventsOf(storeId, topic);
            return events.length >= count ? events : undefined;
          },
          { timeoutMs: 10_000, message: `${count} ${topic} event(s) of store ${storeId} on ${STREAM}` },
        ),
      stop: () => stopAll(harness.service, bus, nats, dataDir),
    };
    return harness;
  } catch (error) {
    await stopAll(service, bus, nats, dataDir);
    throw error;
  }
}

async function stopAll(service: RunningService | undefined, bus: NatsConnection | undefined, nats: NatsServerHandle, dataDir: string): Promise<void> {
  await service?.stop();
  closeAllChannels();
  await bus?.drain().catch(() => undefined);
  await nats.stop();
  await removeDir(dataDir);
}

/** Every event in the stream, oldest first, with the subject it was published on checked against its envelope. */
async function streamEvents(jsm: JetStreamManager): Promise<DomainEvent[]> {
  const { state } = await jsm.streams.info(STREAM);
  const events: DomainEvent[] = [];
  for (let seq = state.first_seq; state.messages > 0 && seq <= state.last_seq; seq++) {
    const message = await jsm.streams.getMessage(STREAM, { seq });
    const event = message.json<DomainEvent>();
    const expectedSubject = `events.storefront.${event.store_id}.${event.topic}`;
    if (message.subject !== expectedSubject) throw new Error(`event ${event.id} was published on ${message.subject}, expected ${expectedSubject}`);
    events.push(event);
  }
  return events;
}

/** The RemoteError a call fails with; fails the test if the call succeeds or fails otherwise. */
export const rejectionOf = (call: Promise<unknown>): Promise<RemoteError> => rejectionOfType(call, RemoteError);

let nextSubdomain = 1;

/** A valid create request with a subdomain no other request of this test file uses. */
export function aCreateStoreRequest(overrides: Partial<storefront.CreateStoreRequest> = {}): storefront.CreateStoreRequest {
  return storefront.CreateStoreRequest.fromPartial({
    name: 'Bolts & Nuts',
    subdomain: `shop-${nextSubdomain++}`,
    owner_user_id: 7,
    support_email: 'owner@example.com',
    ...overrides,
  });
}
