// The boot sequence every service shares, on a real nats-server and the embedded store: migrations before
// the relay, background tasks after gRPC, and the reverse on stop.
import { newEvent, type OutboxDocument } from '@commerce/events';
import { openDatabase, type Doc } from '@commerce/persistence';
import { removeDir, startNatsServer, streamEvents, tempDir, waitFor, type NatsServerHandle } from '@commerce/testing';
import { connect, type JetStreamManager, type NatsConnection } from 'nats';
import { MIGRATIONS_COLLECTION } from './migrations';
import { ServiceHost, type HostConfig, type ServiceWiring } from './service-host';

describe('ServiceHost', () => {
  let nats: NatsServerHandle;
  let bus: NatsConnection;
  let jsm: JetStreamManager;
  let dataDir: string;
  let config: HostConfig;

  beforeAll(async () => {
    nats = await startNatsServer();
    bus = await connect({ servers: nats.url });
    jsm = await bus.jetstreamManager();
  });
  afterAll(async () => {
    await bus.drain();
    await nats.stop();
  });
  beforeEach(async () => {
    dataDir = await tempDir('service-host-int-');
    config = {
      SERVICE_NAME: 'webhooks',
      GRPC_HOST: '127.0.0.1',
      GRPC_PORT: 0,
      DATA_DIR: dataDir,
      MONGO_DB_PREFIX: '',
      NATS_URL: nats.url,
      LOG_LEVEL: 'silent',
    };
  });
  afterEach(() => removeDir(dataDir));

  const start = (extra: Partial<ServiceWiring> = {}) =>
    ServiceHost.start(config, async (host) => {
      host.outboxCollection<OutboxDocument>('things');
      return { services: [], protoFiles: [], ...extra };
    });

  it('publishes events of documents written before the outbox flag existed (migration host/1), once per database', async () => {
    const legacy = newEvent({
      topic: 'store/updated',
      storeId: 7,
      resourceType: 'store',
      resourceId: 7,
      sequence: 1,
      resource: {} as never,
    });
    const before = await openDatabase({ engine: 'embedded', dir: `${dataDir}/webhooks` });
    await before.collection<Doc>('things').insertOne({ id: 7, outbox: [legacy] });
    await before.close();

    const running = await start();
    await waitFor(async () => (await streamEvents(jsm, 'webhooks')).some((event) => event.id === legacy.id), {
      message: 'the legacy event on the stream',
    });
    const records = await running.host.db.collection(MIGRATIONS_COLLECTION).find({});
    expect(records.map((record) => record._id)).toEqual(['host/1']);
    await running.stop();
  });

  it("runs a service's migration once across restarts, before the relay and gRPC start", async () => {
    const runs: string[] = [];
    const migrations = [{ id: 1, name: 'backfill', run: async () => void runs.push('service/1') }];
    await (await start({ migrations })).stop();
    await (await start({ migrations })).stop();
    expect(runs).toEqual(['service/1']);
  });

  it('starts background tasks once gRPC serves and stops them, last first, before the data closes', async () => {
    const order: string[] = [];
    const task = (name: string) => ({
      name,
      start: () => void order.push(`start ${name}`),
      stop: async () => void order.push(`stop ${name}`),
    });
    const running = await start({ background: [task('consumers'), task('sweep')] });
    expect(order).toEqual(['start consumers', 'start sweep']);
    await running.stop();
    expect(order).toEqual(['start consumers', 'start sweep', 'stop sweep', 'stop consumers']);
  });

  it('a failing migration stops the start and leaves nothing open', async () => {
    const migrations = [{ id: 1, name: 'broken', run: () => Promise.reject(new Error('cannot backfill')) }];
    await expect(start({ migrations })).rejects.toThrow('cannot backfill');
    const running = await start(); // the data dir is free again
    expect(await running.host.db.collection(MIGRATIONS_COLLECTION).count({ _id: 'service/1' })).toBe(0);
    await running.stop();
  });
});
