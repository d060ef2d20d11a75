// Issue 12 item 5: the gateway's own limits, through the whole app as main.ts builds it.
import { createHash } from 'node:crypto';
import { catalog } from '@commerce/contracts';
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
  catalog: { createProduct: async () => ({ product: catalog.Product.fromPartial({ id: 1, name: 'Tea' }) }) },
} as unknown as BackendClients;

const identity: ApiKeyIdentityClient = {
  authenticateApiKey: async ({ api_key }) => {
    if (api_key === 'sk_live_7') return { store_id: 7, key_id: 'key-7' };
    throw new RemoteError({ code: GrpcStatus.UNAUTHENTICATED, message: 'unknown key' });
  },
  checkGrant: async () => ({ active: false, user_id: 0, store_id: 0, client_id: '', scope: '' }),
};
const tokens = { secret: 's'.repeat(32), issuer: 'store-commerce', audience: 'store-commerce-api' };

/** The fingerprint of POST /v1/products {"name":"Replayed"}: the stub store replays it. */
const REPLAYED = createHash('sha256').update('POST /products\n{"name":"Replayed"}').digest('hex');
/** Remembers every fingerprint it was asked to begin with; never replays. */
const begun: string[] = [];
const idempotencyStore = {
  begin: async (_key: string, fingerprint: string): Promise<BeginOutcome> => {
    begun.push(fingerprint);
    if (fingerprint === REPLAYED) return { kind: 'replay', response: { status: 200, headers: { 'content-type': 'application/json; charset=utf-8' }, body: '{"data":{"id":1}}' } };
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

describe('Cache-Control on /v1 answers', () => {
  it('is no-store on successes, replays and errors alike, so no shared cache keeps them', async () => {
    const answers = {
      success: await call('POST', '/v1/products.json', { headers: { 'Content-Type': 'application/json' }, body: '{"name":"Tea","price":"5.00"}' }),
      replay: await call('POST', '/v1/products.json', { headers: { 'Content-Type': 'application/json', 'Idempotency-Key': 'again' }, body: '{"name":"Replayed"}' }),
      unauthorized: await call('GET', '/v1/store.json', { headers: { 'API-KEY': 'sk_wrong' } }),
      notFound: await call('GET', '/v1/nothing_here'),
      badRequest: await call('POST', '/v1/products.json', { headers: { 'Content-Type': 'application/json' }, body: '{' }),
    };

    expect(Object.fromEntries(Object.entries(answers).map(([name, answer]) => [name, [answer.status, answer.headers.get('cache-control')]]))).toEqual({
      success: [200, 'no-store'],
      replay: [200, 'no-store'],
      unauthorized: [401, 'no-store'],
      notFound: [404, 'no-store'],
      badRequest: [400, 'no-store'],
    });
    expect(answers.replay.headers.get('idempotent-replayed')).toBe('true');
  });
});
