// Not a test suite (jest runs *.unit.test.ts and *.int.test.ts): the harness the shipping route tests share,
// named *.test.ts so the gateway build leaves it out. It runs the real services the routes reach, as their
// built processes (storefront and identity for API keys, shipping, and catalog when asked), against a
// private nats-server, and the gateway app in-process on an ephemeral port.
import { identity } from '@commerce/contracts';
import { closeAllChannels, createClient } from '@commerce/grpc-runtime';
import { createLogger } from '@commerce/observability';
import {
  freePort,
  readJson,
  removeDir,
  ServiceProcess,
  startNatsServer,
  tempDir,
  type JsonBody,
  type NatsServerHandle,
} from '@commerce/testing';
import { createGatewayApp } from '../src/app';
import { ApiKeyCache } from '../src/auth/api-key.cache';
import { Authenticator } from '../src/auth/authenticator';
import { createBackendClients } from '../src/clients';
import { loadGatewayConfig } from '../src/config';
import { startTestServer, type TestServer } from '../src/http/test-server';
import { LeakyBucket } from '../src/rate-limit/leaky-bucket';

export type { JsonBody };

export interface HttpAnswer {
  status: number;
  body: JsonBody;
}

export interface RequestOptions {
  /** A JSON body. */
  json?: unknown;
  /** A form body (`application/x-www-form-urlencoded`, or no Content-Type with `bare`). */
  form?: string;
  /** Send the form without a Content-Type, as some clients do on PUT. */
  bare?: boolean;
}

export interface ShippingHttpHarness {
  /** One request with the store's key as `?api_key=` (appended to any query already in `path`). */
  request(apiKey: string, method: string, path: string, options?: RequestOptions): Promise<HttpAnswer>;
  /** A new store with its owner, and the store's API key. */
  aStore(): Promise<{ storeId: number; apiKey: string }>;
  /** Runs only when started with `{ catalog: true }`. */
  catalog?: ServiceProcess;
  stop(): Promise<void>;
}

const JWT_SECRET = 'shipping-route-tests-secret-0123456789abcdef';
let nextAccount = 1;

export async function startShippingHttpHarness(options: { catalog?: boolean } = {}): Promise<ShippingHttpHarness> {
  const nats = await startNatsServer();
  const dataDir = await tempDir('shipping-http-');
  const env = { DATA_DIR: dataDir, NATS_URL: nats.url };
  const [storefrontPort, identityPort, shippingPort, catalogPort] = [
    await freePort(),
    await freePort(),
    await freePort(),
    await freePort(),
  ];
  const addresses = {
    STOREFRONT_GRPC_ADDR: `127.0.0.1:${storefrontPort}`,
    IDENTITY_GRPC_ADDR: `127.0.0.1:${identityPort}`,
    SHIPPING_GRPC_ADDR: `127.0.0.1:${shippingPort}`,
    CATALOG_GRPC_ADDR: `127.0.0.1:${catalogPort}`,
  };
  const storefront = new ServiceProcess('storefront', { ...env, GRPC_PORT: String(storefrontPort) });
  const identityProcess = new ServiceProcess('identity', {
    ...env,
    GRPC_PORT: String(identityPort),
    STOREFRONT_GRPC_ADDR: addresses.STOREFRONT_GRPC_ADDR,
  });
  const shippingProcess = new ServiceProcess('shipping', {
    ...env,
    GRPC_PORT: String(shippingPort),
    CATALOG_GRPC_ADDR: addresses.CATALOG_GRPC_ADDR,
  });
  const catalog = options.catalog
    ? new ServiceProcess('catalog', {
        ...env,
        GRPC_PORT: String(catalogPort),
        SHIPPING_GRPC_ADDR: addresses.SHIPPING_GRPC_ADDR,
        STOREFRONT_GRPC_ADDR: addresses.STOREFRONT_GRPC_ADDR,
      })
    : undefined;
  const processes = [storefront, identityProcess, shippingProcess, ...(catalog ? [catalog] : [])];
  let server: TestServer | undefined;
  const stop = () => stopAll(server, processes, nats, dataDir);
  try {
    await storefront.start();
    await Promise.all(processes.slice(1).map((process) => process.start()));
    const config = loadGatewayConfig({
      ...addresses,
      NATS_URL: nats.url,
      OAUTH_JWT_SECRET: JWT_SECRET,
      LOG_LEVEL: 'silent',
      GATEWAY_WORKERS: '1',
    });
    const clients = createBackendClients(config);
    const authenticator = new Authenticator(clients.identity, new ApiKeyCache(), {
      secret: JWT_SECRET,
      issuer: config.OAUTH_ISSUER,
      audience: config.OAUTH_AUDIENCE,
    });
    const app = createGatewayApp({
      clients,
      authenticator,
      rateLimiter: new LeakyBucket({ capacity: 10_000, leakPerSecond: 10_000 }),
      backends: [],
      logger: createLogger({ service: 'gateway', level: 'silent' }),
    });
    server = await startTestServer(app);
    const identityClient = createClient(identity.IdentityServiceClient, addresses.IDENTITY_GRPC_ADDR);
    const baseUrl = server.url;
    return {
      request: (apiKey, method, path, requestOptions) => send(baseUrl, apiKey, method, path, requestOptions),
      async aStore() {
        const n = nextAccount++;
        const account = await identityClient.createStoreAccount(
          identity.CreateStoreAccountRequest.fromPartial({
            name: `Shop ${n}`,
            subdomain: `ship-${n}`,
            email: `owner${n}@example.com`,
            password: 'correct horse battery',
          }),
        );
        return { storeId: account.store_id, apiKey: account.api_key };
      },
      catalog,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

async function send(baseUrl: string, apiKey: string, method: string, path: string, options: RequestOptions = {}): Promise<HttpAnswer> {
  const separator = path.includes('?') ? '&' : '?';
  const headers: Record<string, string> = {};
  let body: string | undefined;
  if (options.json !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.json);
  } else if (options.form !== undefined) {
    if (!options.bare) headers['Content-Type'] = 'application/x-www-form-urlencoded';
    body = options.form;
  }
  const response = await fetch(`${baseUrl}${path}${separator}api_key=${encodeURIComponent(apiKey)}`, { method, headers, body });
  return { status: response.status, body: await readJson(response) };
}

async function stopAll(
  server: TestServer | undefined,
  processes: ServiceProcess[],
  nats: NatsServerHandle,
  dataDir: string,
): Promise<void> {
  await server?.close();
  for (const process of [...processes].reverse()) await process.stop();
  closeAllChannels();
  await nats.stop();
  await removeDir(dataDir);
}
