import express from 'express';
import { connect, type NatsConnection } from 'nats';
import { createLogger } from '@commerce/observability';
import { startNatsServer, waitFor, type NatsServerHandle } from '@commerce/testing';
import { errorMiddleware } from '../errors';
import { ok } from '../http/envelope';
import { requestParams } from '../http/input';
import { startTestServer, type TestServer } from '../http/test-server';
import { idempotency } from './idempotency.middleware';
import { IdempotencyStore } from './idempotency.store';

const logger = createLogger({ service: 'gateway-test', level: 'silent' });
const SEAL_KEY = Buffer.alloc(32, 7);

let nats: NatsServerHandle;
let connections: NatsConnection[] = [];
let servers: TestServer[] = [];

beforeAll(async () => {
  nats = await startNatsServer();
});

afterEach(async () => {
  await Promise.all(servers.map((server) => server.close()));
  await Promise.all(connections.map((nc) => nc.drain()));
  servers = [];
  connections = [];
});

afterAll(() => nats?.stop());

interface Gateway {
  url: string;
  /** How many times the POST handler really ran. */
  runs: () => number;
  /** Holds the next POST until released. */
  hold: () => () => void;
}

/** A gateway-shaped app: a caller per `X-Test-Store`, the params reader, the middleware, one counting route. */
async function startGateway(bucket: string, counter = { runs: 0 }): Promise<Gateway> {
  const nc = await connect({ servers: nats.url });
  connections.push(nc);
  const store = await IdempotencyStore.open(nc, { ttlMs: 60_000, staleAfterMs: 30_000, bucket, sealKey: SEAL_KEY });
  let gate: Promise<void> | undefined;
  const app = express();
  app.use((req, res, next) => {
    res.locals.requestId = 'test';
    res.locals.principal = { kind: 'api_key', storeId: Number(req.headers['x-test-store'] ?? 1), keyId: 'k' };
    next();
  });
  app.use(requestParams());
  app.use(idempotency(store, logger));
  app.post('/things', async (req, res) => {
    counter.runs += 1;
    const run = counter.runs;
    await gate;
    if (req.body && (req.headers['x-test-fail'] as string) === 'yes') {
      res.status(503).json({ error: 'down' });
      return;
    }
    ok(res, { run }, { pagination: null });
  });
  app.get('/things', (_req, res) => {
    counter.runs += 1;
    ok(res, { run: counter.runs });
  });
  app.use(errorMiddleware(logger));
  const server = await startTestServer(app);
  servers.push(server);
  return {
    url: server.url,
    runs: () => counter.runs,
    hold: () => {
      let release!: () => void;
      gate = new Promise((resolve) => (release = resolve));
      return () => {
        gate = undefined;
        release();
      };
    },
  };
}

let bucketCount = 0;
const freshBucket = () => `idem_test_${++bucketCount}`;

const post = (url: string, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  fetch(`${url}/things`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });

describe('Idempotency-Key on POST', () => {
  it('runs the first request and replays its answer to a retry with the same key', async () => {
    const gateway = await startGateway(freshBucket());
    const first = await post(gateway.url, { name: 'Tea' }, { 'Idempotency-Key': 'order-1' });
    const retry = await post(gateway.url, { name: 'Tea' }, { 'Idempotency-Key': 'order-1' });
    expect(first.status).toBe(200);
    expect(retry.status).toBe(200);
    expect(await retry.text()).toBe(await first.text());
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(retry.headers.get('content-type')).toBe(first.headers.get('content-type'));
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    expect(gateway.runs()).toBe(1);
  });

  it('keeps the answer sealed in the bucket: what a create shows once (a secret, a token) is never stored in clear', async () => {
    const bucket = freshBucket();
    const gateway = await startGateway(bucket);
    const first = await post(gateway.url, { name: 'Tea' }, { 'Idempotency-Key': 'sealed-1' });
    const answer = await first.text();
    expect(answer).toContain('"run":1');
    const nc = await connect({ servers: nats.url });
    connections.push(nc);
    const kv = await nc.jetstream().views.kv(bucket);
    const stored: string[] = [];
    for await (const key of await kv.keys()) stored.push(new TextDecoder().decode((await kv.get(key))!.value));
    expect(stored).toHaveLength(1);
    expect(stored[0]).not.toContain('run');
    expect(JSON.parse(stored[0]!)).toMatchObject({ state: 'done', sealed: expect.any(String) });
    // and the replay opens it
    expect(await (await post(gateway.url, { name: 'Tea' }, { 'Idempotency-Key': 'sealed-1' })).text()).toBe(answer);
  });

  it('treats the same parameters in another input style as the same request', async () => {
    const gateway = await startGateway(freshBucket());
    await post(gateway.url, { name: 'Tea', cents: '100' }, { 'Idempotency-Key': 'styles' });
    const form = await fetch(`${gateway.url}/things`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'Idempotency-Key': 'styles' },
      body: 'cents=100&name=Tea',
    });
    expect(form.headers.get('idempotent-replayed')).toBe('true');
    expect(gateway.runs()).toBe(1);
  });

  it('answers 422 when the key comes back with other parameters', async () => {
    const gateway = await startGateway(freshBucket());
    await post(gateway.url, { name: 'Tea' }, { 'Idempotency-Key': 'reused' });
    const other = await post(gateway.url, { name: 'Coffee' }, { 'Idempotency-Key': 'reused' });
    expect(other.status).toBe(422);
    expect(((await other.json()) as { meta: unknown }).meta).toMatchObject({ code: 422, error_type: 'ValidationError' });
    expect(gateway.runs()).toBe(1);
  });

  it('answers 409 to a retry while the first request is still running', async () => {
    const gateway = await startGateway(freshBucket());
    const release = gateway.hold();
    const first = post(gateway.url, { name: 'Tea' }, { 'Idempotency-Key': 'slow' });
    await waitFor(() => gateway.runs() === 1, { timeoutMs: 5_000, message: 'the first request to start' });
    const concurrent = await post(gateway.url, { name: 'Tea' }, { 'Idempotency-Key': 'slow' });
    expect(concurrent.status).toBe(409);
    release();
    expect((await first).status).toBe(200);
    expect(gateway.runs()).toBe(1);
  });

  it('keeps keys per caller: another store may use the same key', async () => {
    const gateway = await startGateway(freshBucket());
    await post(gateway.url, { name: 'Tea' }, { 'Idempotency-Key': 'shared', 'X-Test-Store': '1' });
    const other = await post(gateway.url, { name: 'Tea' }, { 'Idempotency-Key': 'shared', 'X-Test-Store': '2' });
    expect(other.headers.get('idempotent-replayed')).toBeNull();
    expect(gateway.runs()).toBe(2);
  });

  it('does not keep a 5xx answer, so a retry after an outage runs again', async () => {
    const gateway = await startGateway(freshBucket());
    const failed = await post(gateway.url, { name: 'Tea' }, { 'Idempotency-Key': 'outage', 'X-Test-Fail': 'yes' });
    expect(failed.status).toBe(503);
    // The 5xx claim is dropped once the failed answer is sent, a moment after the client has it.
    const retry = await waitFor(
      async () => {
        const answer = await post(gateway.url, { name: 'Tea' }, { 'Idempotency-Key': 'outage' });
        return answer.status === 200 ? answer : undefined;
      },
      { timeoutMs: 5_000, message: 'the retry to run' },
    );
    expect(retry.headers.get('idempotent-replayed')).toBeNull();
    expect(gateway.runs()).toBe(2);
  });

  it('replays across gateway replicas sharing the bus', async () => {
    const bucket = freshBucket();
    const counter = { runs: 0 };
    const [one, two] = [await startGateway(bucket, counter), await startGateway(bucket, counter)];
    const first = await post(one.url, { name: 'Tea' }, { 'Idempotency-Key': 'replicas' });
    const retry = await post(two.url, { name: 'Tea' }, { 'Idempotency-Key': 'replicas' });
    expect(await retry.text()).toBe(await first.text());
    expect(counter.runs).toBe(1);
  });

  it('leaves requests without a key, and GETs, alone; refuses a malformed key with 400', async () => {
    const gateway = await startGateway(freshBucket());
    await post(gateway.url, { name: 'Tea' });
    await post(gateway.url, { name: 'Tea' });
    await fetch(`${gateway.url}/things`, { headers: { 'Idempotency-Key': 'get' } });
    await fetch(`${gateway.url}/things`, { headers: { 'Idempotency-Key': 'get' } });
    expect(gateway.runs()).toBe(4);
    const bad = await post(gateway.url, { name: 'Tea' }, { 'Idempotency-Key': 'x'.repeat(256) });
    expect(bad.status).toBe(400);
    expect(gateway.runs()).toBe(4);
  });
});

describe('IdempotencyStore', () => {
  it('lets a retry take over a claim left pending by a gateway that died mid-request', async () => {
    const nc = await connect({ servers: nats.url });
    connections.push(nc);
    const store = await IdempotencyStore.open(nc, { ttlMs: 60_000, staleAfterMs: 1_000, bucket: freshBucket(), sealKey: SEAL_KEY });
    const startedAt = Date.now();
    expect((await store.begin('k', 'fp', startedAt)).kind).toBe('started');
    expect((await store.begin('k', 'fp', startedAt + 500)).kind).toBe('in_progress');
    const takeover = await store.begin('k', 'fp', startedAt + 1_500);
    expect(takeover.kind).toBe('started');
    if (takeover.kind !== 'started') return;
    await store.finish('k', takeover.revision, 'fp', { status: 200, headers: {}, body: '{"done":true}' });
    expect(await store.begin('k', 'fp')).toEqual({ kind: 'replay', response: { status: 200, headers: {}, body: '{"done":true}' } });
  });
});
