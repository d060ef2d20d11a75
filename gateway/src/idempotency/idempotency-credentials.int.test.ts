import express from 'express';
import { connect, type NatsConnection } from 'nats';
import { createLogger } from '@commerce/observability';
import { startNatsServer, waitFor, type NatsServerHandle } from '@commerce/testing';
import type { Principal } from '../auth/principal';
import { errorMiddleware } from '../errors';
import { ok } from '../http/envelope';
import { requestParams } from '../http/input';
import { startTestServer, type TestServer } from '../http/test-server';
import { route } from '../routes/route';
import { idempotency } from './idempotency.middleware';
import { IdempotencyStore } from './idempotency.store';

// A replay answers only a credential the route itself would serve: the route's checks (scope, store) run first.

const logger = createLogger({ service: 'gateway-test', level: 'silent' });

let nats: NatsServerHandle;
let nc: NatsConnection;
let server: TestServer;
let runs = 0;
let gate: Promise<void> | undefined;

/** An OAuth principal from test headers: the same app and user, with the store and scopes the test names. */
function principalOf(headers: express.Request['headers']): Principal {
  const scopes = String(headers['x-test-scopes'] ?? 'store_read store_write');
  return {
    kind: 'oauth',
    userId: 7,
    clientId: 'app-1',
    grantId: `grant-${scopes}`,
    storeId: Number(headers['x-test-store'] ?? 1),
    scopes: new Set(scopes.split(' ')),
  };
}

beforeAll(async () => {
  nats = await startNatsServer();
  nc = await connect({ servers: nats.url });
  const store = await IdempotencyStore.open(nc, {
    ttlMs: 60_000,
    staleAfterMs: 30_000,
    bucket: 'idem_credentials',
    sealKey: Buffer.alloc(32, 7),
  });
  const app = express();
  app.use((req, res, next) => {
    res.locals.requestId = 'test';
    res.locals.principal = principalOf(req.headers);
    next();
  });
  app.use(requestParams());
  app.use(idempotency(store, logger, { afterRouteChecks: true }));
  app.post(
    '/webhooks',
    route(async (_req, res, { storeId }) => {
      runs += 1;
      await gate;
      ok(res, { webhook: { id: runs, store_id: storeId }, secret: `whsec_secret_${runs}` });
    }),
  );
  app.use(errorMiddleware(logger));
  server = await startTestServer(app);
});

afterAll(async () => {
  await server?.close();
  await nc?.drain();
  await nats?.stop();
});

const create = (key: string, headers: Record<string, string> = {}, body = { url: 'https://example.com/hook' }) =>
  fetch(`${server.url}/webhooks`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'idempotency-key': key, ...headers },
    body: JSON.stringify(body),
  });

describe('an idempotent replay checks the credential first', () => {
  it('answers a store_read token 403, never the stored answer and its secret; the writer still gets its replay', async () => {
    const first = await create('hook-1');
    const answer = await first.text();
    expect(answer).toContain('whsec_secret_');
    const before = runs;

    const reader = await create('hook-1', { 'x-test-scopes': 'store_read' });
    const refused = await reader.text();
    expect(reader.status).toBe(403);
    expect(JSON.parse(refused)).toMatchObject({ meta: { code: 403, error_type: 'InsufficientScope' } });
    expect(refused).not.toContain('whsec_');
    expect(reader.headers.get('idempotent-replayed')).toBeNull();

    const retry = await create('hook-1', { 'x-test-scopes': 'store_write user' });
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(await retry.text()).toBe(answer);
    expect(runs).toBe(before);
  });

  it('answers a store_read token 403 too while the first request runs, or for other parameters', async () => {
    let release!: () => void;
    gate = new Promise((resolve) => (release = resolve));
    const before = runs;
    const first = create('hook-2');
    try {
      await waitFor(() => runs === before + 1, { timeoutMs: 5_000, message: 'the first create to start' });
      expect((await create('hook-2', { 'x-test-scopes': 'store_read' })).status).toBe(403);
      expect((await create('hook-2')).status).toBe(409);
    } finally {
      gate = undefined;
      release();
    }
    expect((await first).status).toBe(200);
    expect((await create('hook-2', { 'x-test-scopes': 'store_read' }, { url: 'https://example.com/other' })).status).toBe(403);
  });

  it("never replays one store's answer to the same app and user acting on another store", async () => {
    type Created = { data: { webhook: { store_id: number }; secret: string } };
    const mine = (await (await create('hook-3', { 'x-test-store': '1' })).json()) as Created;
    const other = await create('hook-3', { 'x-test-store': '2' });
    expect(other.headers.get('idempotent-replayed')).toBeNull();
    const theirs = (await other.json()) as Created;
    expect(theirs.data.webhook.store_id).toBe(2);
    expect(theirs.data.secret).not.toBe(mine.data.secret);
  });
});
