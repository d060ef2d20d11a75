// Issue 12 item 5: the gateway's own limits, through the whole app as main.ts builds it.
import { GrpcStatus, RemoteError } from '@commerce/grpc-runtime';
import { createLogger } from '@commerce/observability';
import { createGatewayApp } from './app';
import { ApiKeyCache } from './auth/api-key.cache';
import { Authenticator, type ApiKeyIdentityClient } from './auth/authenticator';
import type { BackendClients } from './clients';
import { startTestServer, type TestServer } from './http/test-server';
import type { BeginOutcome, IdempotencyStore } from './idempotency/idempotency.store';
import { LeakyBucket } from './rate-limit/leaky-bucket';

const clients = {
  catalog: { createProduct: async () => ({ product: { id: 1, name: 'Tea' } }) },
} as unknown as BackendClients;

const identity: ApiKeyIdentityClient = {
  authenticateApiKey: async ({ api_key }) => {
    if (api_key === 'sk_live_7') return { store_id: 7, key_id: 'key-7' };
    throw new RemoteError({ code: GrpcStatus.UNAUTHENTICATED, message: 'unknown key' });
  },
  checkGrant: async () => ({ active: false, user_id: 0, store_id: 0, client_id: '', scope: '' }),
};
const tokens = { secret: 's'.repeat(32), issuer: 'store-commerce', audience: 'store-commerce-api' };

/** Remembers every fingerprint it was asked to begin with; never replays. */
const begun: string[] = [];
const idempotencyStore = {
  begin: async (_key: string, fingerprint: string): Promise<BeginOutcome> => {
    begun.push(fingerprint);
    return { kind: 'started', revision: 1 };
  },
  finish: async () => undefined,
  abandon: async () => undefined,
} as unknown as IdempotencyStore;

let server: TestServer;

beforeAll(async () => {
  const app = createGatewayApp({
    clients,
    authenticator: new Authenticator(identity, new ApiKeyCache(), tokens),
    rateLimiter: new LeakyBucket({ capacity: 1_000, leakPerSecond: 1_000 }),
    backends: [],
    logger: createLogger({ service: 'gateway', level: 'silent' }),
    idempotency: idempotencyStore,
  });
  server = await startTestServer(app);
});
afterAll(() => server.close());

interface Answer {
  status: number;
  headers: Headers;
  body: { error?: string; meta?: Record<string, unknown> };
}

async function call(method: string, path: string, init: { headers?: Record<string, string>; body?: string } = {}): Promise<Answer> {
  const res = await fetch(`${server.url}${path}`, { method, headers: { 'API-KEY': 'sk_live_7', ...init.headers }, body: init.body });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? (JSON.parse(text) as Answer['body']) : {} };
}

describe('a JSON body nested too deeply', () => {
  it('answers 400 in the error shape with an Idempotency-Key, before the fingerprint (6,000 levels was a 500)', async () => {
    begun.length = 0;
    const deep = '{"name":"Tea","a":' + '{"a":'.repeat(6_000) + '1' + '}'.repeat(6_001);

    const answer = await call('POST', '/v1/products.json', { headers: { 'Content-Type': 'application/json', 'Idempotency-Key': 'deep-1' }, body: deep });

    expect(answer.status).toBe(400);
    expect(answer.body.meta).toMatchObject({ code: 400, api_version: '1.0', error_type: 'BadRequest', error_message: 'The JSON body is nested too deeply (at most 8 levels below the top object)' });
    expect(begun).toEqual([]);
  });

  it('still fingerprints a body within the limit', async () => {
    begun.length = 0;
    const answer = await call('POST', '/v1/products.json', { headers: { 'Content-Type': 'application/json', 'Idempotency-Key': 'ok-1' }, body: JSON.stringify({ name: 'Tea', options: [{ name: 'Size' }] }) });
    expect(answer.status).not.toBe(500);
    expect(begun).toHaveLength(1);
  });
});
