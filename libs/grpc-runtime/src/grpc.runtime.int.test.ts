// The runtime end to end over real gRPC on port 0: a test double stands in for the service's handlers.
import { createServer } from 'node:net';
import path from 'node:path';
import { credentials, loadPackageDefinition, status, type Client, type ClientDuplexStream } from '@grpc/grpc-js';
import { loadSync } from '@grpc/proto-loader';
import { storefront } from '@commerce/contracts';
import {
  RemoteError,
  checkHealth,
  closeAllChannels,
  createClient,
  healthStatus,
  implement,
  notFound,
  startGrpcServer,
  validationFailed,
  type CallContext,
  type Logger,
  type RunningGrpcServer,
} from '@commerce/grpc-runtime';
import { channelFor } from './channel.options';

const STORE_SERVICE = 'commerce.storefront.v1.StoreService';
const aStore = (fields: Partial<storefront.Store> = {}) =>
  storefront.Store.fromPartial({ id: 1, name: 'Bolts & Nuts', subdomain: 'bolts', ...fields });

/** Handlers whose behaviour each test chooses; they record the context they were called with. */
function storeServiceDouble() {
  const seen: CallContext[] = [];
  let releaseSlowCall = () => undefined as void;
  let slowCallArrived = () => undefined as void;
  const slowCallStarted = new Promise<void>((resolve) => (slowCallArrived = resolve));
  const handlers = implement(storefront.StoreServiceService, {
    getStore: async (request, context) => {
      seen.push(context);
      if (request.store_id !== 1) throw notFound('Store');
      return { store: aStore() };
    },
    createStore: async (request) => {
      if (request.subdomain === 'crash') throw new Error('driver exploded: mongodb://root:secret@db');
      throw validationFailed({ subdomain: ['is too short'], name: ["can't be blank", 'is too plain'] });
    },
    updateStore: async (request) => {
      slowCallArrived();
      await new Promise<void>((resolve) => (releaseSlowCall = resolve));
      return { store: aStore({ name: request.name ?? 'unchanged' }) };
    },
    findStore: async () => {
      throw notFound('Store');
    },
  });
  return { handlers, seen, slowCallStarted, releaseSlowCall: () => releaseSlowCall() };
}

function recordingLogger() {
  const errors: Array<Record<string, unknown>> = [];
  const logger: Logger = {
    info: () => undefined,
    warn: () => undefined,
    error: (fields) => errors.push(fields as Record<string, unknown>),
  };
  return { logger, errors };
}

async function closedPortAddress(): Promise<string> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return `127.0.0.1:${port}`;
}

async function rejection(promise: Promise<unknown>): Promise<RemoteError> {
  try {
    await promise;
  } catch (err) {
    if (err instanceof RemoteError) return err;
    throw err;
  }
  throw new Error('expected the call to fail');
}

afterAll(() => closeAllChannels());

describe('a service served by startGrpcServer and called through createClient', () => {
  const double = storeServiceDouble();
  const { logger, errors } = recordingLogger();
  let running: RunningGrpcServer;
  let stores: ReturnType<typeof createClient<storefront.StoreServiceClient>>;

  beforeAll(async () => {
    running = await startGrpcServer({ port: 0, host: '127.0.0.1', services: [double.handlers], logger });
    stores = createClient(storefront.StoreServiceClient, running.address, { deadlineMs: 5000 });
  });
  afterAll(async () => {
    double.releaseSlowCall();
    await running.shutdown();
  });

  it("answers a call with the handler's response", async () => {
    const { store } = await stores.getStore({ store_id: 1 });

    expect(store).toMatchObject({ id: 1, name: 'Bolts & Nuts', subdomain: 'bolts' });
  });

  it('delivers the request id, principal and deadline to the handler', async () => {
    const principal = { kind: 'api_key', store_id: 1, note: 'café' };
    const before = Date.now();

    await stores.getStore({ store_id: 1 }, { requestId: 'req-0000abcd', principal, deadlineMs: 2000 });

    const context = double.seen.at(-1)!;
    expect(context.requestId).toBe('req-0000abcd');
    expect(context.principal).toEqual(principal);
    expect(context.deadline).toBeGreaterThanOrEqual(before + 1900);
    expect(context.deadline).toBeLessThanOrEqual(Date.now() + 2000);
  });

  it('raises a domain error as a RemoteError with its code and reason', async () => {
    const err = await rejection(stores.getStore({ store_id: 2 }));

    expect(err).toMatchObject({ code: status.NOT_FOUND, message: 'Store not found', reason: 'NOT_FOUND' });
  });

  it('carries field violations to the caller', async () => {
    const err = await rejection(stores.createStore(storefront.CreateStoreRequest.fromPartial({ subdomain: 'ab' })));

    expect(err.code).toBe(status.INVALID_ARGUMENT);
    expect(err.fieldViolations).toEqual({ subdomain: ['is too short'], name: ["can't be blank", 'is too plain'] });
  });

  it('answers an unexpected failure with INTERNAL "Internal error" and logs it with the request id', async () => {
    const err = await rejection(
      stores.createStore(storefront.CreateStoreRequest.fromPartial({ subdomain: 'crash' }), { requestId: 'req-crash-001' }),
    );

    expect(err).toMatchObject({ code: status.INTERNAL, message: 'Internal error', reason: undefined });
    expect(errors.at(-1)).toMatchObject({ request_id: 'req-crash-001', method: `/${STORE_SERVICE}/CreateStore` });
    expect(String((errors.at(-1)!.err as Error).message)).toContain('driver exploded');
  });

  it('gives up on a slow call at its deadline with DEADLINE_EXCEEDED', async () => {
    const err = await rejection(stores.updateStore(storefront.UpdateStoreRequest.fromPartial({ store_id: 1 }), { deadlineMs: 100 }));
    double.releaseSlowCall();

    expect(err.code).toBe(status.DEADLINE_EXCEEDED);
  });

  it('uses the earlier of its own deadline and an inherited one', async () => {
    const err = await rejection(
      stores.updateStore(storefront.UpdateStoreRequest.fromPartial({ store_id: 1 }), { deadlineMs: 5000, deadline: Date.now() + 100 }),
    );
    double.releaseSlowCall();

    expect(err.code).toBe(status.DEADLINE_EXCEEDED);
  });

  it('reuses one channel per address', () => {
    expect(channelFor(running.address)).toBe(channelFor(running.address));
  });

  it('reports SERVING for the server and for each service, SERVICE_UNKNOWN for others', async () => {
    expect(await checkHealth(running.address)).toBe(true);
    expect(await healthStatus(running.address, { service: STORE_SERVICE })).toBe('SERVING');
    expect(await healthStatus(running.address, { service: 'commerce.nothing.v1.NoService' })).toBe('SERVICE_UNKNOWN');
  });

  it('lists its services through server reflection and describes them', async () => {
    const reflection = reflectionClient(running.address);

    const listed = await reflect(reflection, { list_services: '' });
    const described = await reflect(reflection, { file_containing_symbol: STORE_SERVICE });
    reflection.close();

    const names = (listed.list_services_response as { service: Array<{ name: string }> }).service.map(({ name }) => name);
    expect(names).toEqual(expect.arrayContaining([STORE_SERVICE, 'grpc.health.v1.Health']));
    expect((described.file_descriptor_response as { file_descriptor_proto: Buffer[] }).file_descriptor_proto.length).toBeGreaterThan(0);
  });
});

describe('a server with no domain service yet', () => {
  it('still answers health and describes itself through reflection', async () => {
    const running = await startGrpcServer({ port: 0, host: '127.0.0.1', services: [], logger: recordingLogger().logger });
    try {
      expect(await checkHealth(running.address)).toBe(true);
      const reflection = reflectionClient(running.address);
      const listed = await reflect(reflection, { list_services: '' });
      reflection.close();
      const names = (listed.list_services_response as { service: Array<{ name: string }> }).service.map(({ name }) => name);
      expect(names).toContain('grpc.health.v1.Health');
    } finally {
      await running.shutdown();
    }
  });
});

describe('a target that resolves to several servers', () => {
  it('spreads the calls of one client over all of them (round robin), not just the first', async () => {
    const served: string[] = [];
    const replica = (name: string) =>
      implement(storefront.StoreServiceService, {
        getStore: async () => {
          served.push(name);
          return { store: aStore({ name }) };
        },
        createStore: async () => ({ store: aStore() }),
        updateStore: async () => ({ store: aStore() }),
        findStore: async () => ({ store: aStore() }),
      });
    const { logger } = recordingLogger();
    const first = await startGrpcServer({ port: 0, host: '127.0.0.1', services: [replica('first')], logger });
    const second = await startGrpcServer({ port: 0, host: '127.0.0.2', services: [replica('second')], logger });
    try {
      // What a headless Service's DNS name gives (dns:///catalog:50051), written as the ipv4 resolver's list.
      const stores = createClient(storefront.StoreServiceClient, `ipv4:127.0.0.1:${first.port},127.0.0.2:${second.port}`);
      // Calls go to the connections that are ready: until the second one is, the first takes them.
      for (let attempt = 0; (await stores.getStore({ store_id: 1 })).store?.name !== 'second'; attempt++) {
        if (attempt === 100) throw new Error('the second server never took a call');
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      served.length = 0;
      for (let call = 0; call < 10; call++) await stores.getStore({ store_id: 1 });
      expect(served.filter((name) => name === 'first').length).toBe(5);
      expect(served.filter((name) => name === 'second').length).toBe(5);
    } finally {
      await Promise.all([first.shutdown(), second.shutdown()]);
    }
  });
});

describe('a server that retires its connections', () => {
  it('loses no call to a connection being retired: calls it refused go again on the next one', async () => {
    const { handlers } = storeServiceDouble();
    const { logger } = recordingLogger();
    const running = await startGrpcServer({ port: 0, host: '127.0.0.1', services: [handlers], logger, connectionAgeMs: 50 });
    try {
      const stores = createClient(storefront.StoreServiceClient, running.address, { deadlineMs: 5000 });
      const failures: string[] = [];
      let answered = 0;
      const until = Date.now() + 1_500;
      // Eight callers, one call after another each, while the server retires its connection every 50 ms.
      await Promise.all(
        Array.from({ length: 8 }, async () => {
          while (Date.now() < until) {
            try {
              await stores.getStore({ store_id: 1 });
              answered += 1;
            } catch (err) {
              failures.push(err instanceof Error ? err.message : String(err));
            }
          }
        }),
      );

      expect(failures).toEqual([]);
      expect(answered).toBeGreaterThan(100);
    } finally {
      await running.shutdown();
    }
  });
});

describe('calling an address where nothing listens', () => {
  it('fails fast with UNAVAILABLE', async () => {
    const stores = createClient(storefront.StoreServiceClient, await closedPortAddress(), { deadlineMs: 5000 });
    const started = Date.now();

    const err = await rejection(stores.getStore({ store_id: 1 }));

    expect(err.code).toBe(status.UNAVAILABLE);
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('reports the address as not healthy', async () => {
    const address = await closedPortAddress();

    expect(await checkHealth(address)).toBe(false);
    expect(await healthStatus(address)).toBe('UNREACHABLE');
  });
});

describe('shutdown', () => {
  it('reports NOT_SERVING while draining, then stops answering', async () => {
    const running = await startGrpcServer({
      port: 0,
      host: '127.0.0.1',
      services: [storeServiceDouble().handlers],
      logger: recordingLogger().logger,
      drainMs: 1000,
    });
    expect(await checkHealth(running.address)).toBe(true);

    const stopped = running.shutdown();
    const whileDraining = await healthStatus(running.address, { service: STORE_SERVICE });
    await stopped;

    expect(whileDraining).toBe('NOT_SERVING');
    expect(await checkHealth(running.address)).toBe(false);
    expect(running.shutdown()).toBe(stopped);
  });

  // A forced shutdown resets the stream: the caller sees CANCELLED (it never cancels calls itself).
  it('cancels calls still running after the shutdown timeout', async () => {
    const double = storeServiceDouble();
    const running = await startGrpcServer({
      port: 0,
      host: '127.0.0.1',
      services: [double.handlers],
      logger: recordingLogger().logger,
      shutdownTimeoutMs: 100,
    });
    const stores = createClient(storefront.StoreServiceClient, running.address);
    const slowCall = rejection(stores.updateStore(storefront.UpdateStoreRequest.fromPartial({ store_id: 1 })));
    await double.slowCallStarted;

    await running.shutdown();

    expect((await slowCall).code).toBe(status.CANCELLED);
    double.releaseSlowCall();
  });
});

describe('startGrpcServer', () => {
  it('refuses a binding that lacks a handler for one of its RPCs', async () => {
    const { getStore: _missing, ...incomplete } = storeServiceDouble().handlers.implementation;

    await expect(
      startGrpcServer({
        port: 0,
        host: '127.0.0.1',
        services: [{ definition: storefront.StoreServiceService, implementation: incomplete }],
        logger: recordingLogger().logger,
      }),
    ).rejects.toThrow(`No handler for /${STORE_SERVICE}/GetStore`);
  });
});

// --- helpers: a generic reflection client ---

type Reflection = Client & { ServerReflectionInfo(): ClientDuplexStream<object, Record<string, unknown>> };

function reflectionClient(address: string): Reflection {
  const protoFile = path.join(path.dirname(require.resolve('@grpc/reflection')), '../proto/grpc/reflection/v1/reflection.proto');
  const loaded = loadPackageDefinition(loadSync(protoFile, { keepCase: true, oneofs: true, defaults: true })) as unknown as {
    grpc: {
      reflection: { v1: { ServerReflection: new (address: string, creds: ReturnType<typeof credentials.createInsecure>) => Reflection } };
    };
  };
  return new loaded.grpc.reflection.v1.ServerReflection(address, credentials.createInsecure());
}

function reflect(client: Reflection, request: object): Promise<Record<string, unknown>> {
  return new Promise((resolve, reject) => {
    const call = client.ServerReflectionInfo();
    call.on('data', (response: Record<string, unknown>) => {
      resolve(response);
      call.end();
    });
    call.on('error', reject);
    call.write(request);
  });
}
