// The live event stream (docs/webhooks.md#the-live-event-stream) through the whole app, on a WebhookDeliveryService written
// for the test: an in-memory feed whose long polls wait until the test adds an event or their wait passes.
import jwt from 'jsonwebtoken';
import type { webhooks } from '@commerce/contracts';
import { GrpcStatus, RemoteError } from '@commerce/grpc-runtime';
import { readBodyText, waitFor } from '@commerce/testing';
import { aGatewayApp, send, storeSevenIdentity, TEST_TOKENS } from '../../../app.fixture';
import type { BackendClients } from '../../../clients';
import { OpenStreams } from '../../../event-stream/open-streams';
import { startTestServer, type TestServer } from '../../../http/test-server';

const WAIT_MS = 300;
const KEY = { 'API-KEY': 'sk_live_7' };

/** The feed: envelopes in order; a long poll with nothing after its cursor waits for the next one added, or its wait. */
let feed: Array<{ id: string; topic: string; store_id: number }>;
let calls: webhooks.ListEventsRequest[];
let pending: Array<() => void>;
let failures: number;

function add(id: string, topic = 'product/created'): void {
  feed.push({ id, topic, store_id: 7 });
  for (const wake of pending.splice(0)) wake();
}

function pageAfter(request: webhooks.ListEventsRequest): webhooks.ListEventsResponse | undefined {
  const topics = new Set(request.topics);
  const start = request.since_id ? feed.findIndex((event) => event.id === request.since_id) + 1 : request.from_newest ? feed.length : 0;
  const events = feed.slice(start).filter((event) => topics.size === 0 || topics.has(event.topic));
  const cursor = events.at(-1)?.id ?? '';
  return events.length > 0 ? { events: events.map((event) => JSON.stringify(event)), limit: 250, has_more: false, cursor } : undefined;
}

const deliveriesBackend = {
  listEvents: async (request: webhooks.ListEventsRequest): Promise<webhooks.ListEventsResponse> => {
    calls.push(request);
    if (request.since_id && !feed.some((event) => event.id === request.since_id))
      throw new RemoteError({
        code: GrpcStatus.INVALID_ARGUMENT,
        message: 'Validation failed',
        fieldViolations: { since_id: ['is not an event kept for the store (the feed keeps 30 days)'] },
      });
    if (failures > 0) {
      failures -= 1;
      throw new RemoteError({ code: GrpcStatus.UNAVAILABLE, message: 'webhooks is restarting' });
    }
    const start = request.since_id || (request.from_newest ? (feed.at(-1)?.id ?? '') : '');
    const page = pageAfter(request);
    if (!page && request.wait_ms > 0)
      await new Promise<void>((resolve) => {
        pending.push(resolve);
        setTimeout(resolve, request.wait_ms);
      });
    return pageAfter({ ...request, since_id: start, from_newest: false }) ?? { events: [], limit: 250, has_more: false, cursor: start };
  },
};
const clients = { webhookDeliveries: deliveriesBackend, webhooks: {} } as unknown as BackendClients;

let streams: OpenStreams;
let server: TestServer;

beforeEach(async () => {
  feed = [{ id: 'evt-1', topic: 'product/created', store_id: 7 }];
  calls = [];
  pending = [];
  failures = 0;
  streams = new OpenStreams(2);
  server = await startTestServer(aGatewayApp(clients, storeSevenIdentity, { eventStreams: streams, eventStreamWaitMs: WAIT_MS }));
});
afterEach(async () => {
  streams.endAll();
  await server.close();
});

const bearer = (grantId: string, scope: string) =>
  'Bearer ' +
  jwt.sign({ sub: '42', store_id: 7, client_id: 'app-1', grant_id: grantId, scope }, TEST_TOKENS.secret, {
    issuer: TEST_TOKENS.issuer,
    audience: TEST_TOKENS.audience,
    expiresIn: '1h',
  });

/** An open stream: what it received so far, read until a condition, and its end. */
async function openStream(path = '/v1/events/stream', headers: Record<string, string> = KEY) {
  const aborter = new AbortController();
  const response = await fetch(`${server.url}${path}`, { headers, signal: aborter.signal });
  const body = readBodyText(response);
  return {
    response,
    get text() {
      return body.text;
    },
    get ended() {
      return body.ended;
    },
    until: (probe: (text: string) => boolean) => waitFor(() => probe(body.text) || undefined, { timeoutMs: 5_000 }),
    close: async () => {
      aborter.abort();
      await body.done;
    },
  };
}

const idsIn = (text: string) => [...text.matchAll(/^id: (.+)$/gm)].map((match) => match[1]);

it('opens with text/event-stream headers and retry, then frames each new event with its id, topic and envelope', async () => {
  const stream = await openStream();
  expect(stream.response.status).toBe(200);
  expect(stream.response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
  expect(stream.response.headers.get('cache-control')).toBe('no-store');
  expect(stream.response.headers.get('x-accel-buffering')).toBe('no');
  await stream.until((text) => text.startsWith('retry: 2000\n\n'));
  // Neither Last-Event-ID nor since_id: only events stored from now on.
  expect(calls[0]).toMatchObject({ store_id: 7, since_id: '', from_newest: true, wait_ms: 0 });
  add('evt-2', 'order/paid');
  await stream.until((text) => /id: evt-2\n[^]*?\n\n/.test(text));
  expect(stream.text).toContain(
    `id: evt-2\nevent: order/paid\ndata: ${JSON.stringify({ id: 'evt-2', topic: 'order/paid', store_id: 7 })}\n\n`,
  );
  expect(idsIn(stream.text)).toEqual(['evt-2']);
  await stream.close();
});

it('sends a keep-alive comment whenever a long poll answers nothing', async () => {
  const stream = await openStream();
  await stream.until((text) => text.split(': keep-alive\n\n').length >= 3);
  expect(calls.slice(1).every((call) => call.wait_ms === WAIT_MS && call.since_id === 'evt-1')).toBe(true);
  await stream.close();
});

it('resumes after Last-Event-ID, which wins over since_id, and filters by topics', async () => {
  add('evt-2', 'order/paid');
  add('evt-3', 'product/created');
  const stream = await openStream('/v1/events/stream?since_id=evt-2&topics=product/created,product/updated', {
    ...KEY,
    'Last-Event-ID': 'evt-1',
  });
  await stream.until((text) => text.includes('id: evt-3'));
  expect(calls[0]).toMatchObject({ since_id: 'evt-1', topics: ['product/created', 'product/updated'] });
  expect(idsIn(stream.text)).toEqual(['evt-3']);
  await stream.close();

  const bySinceId = await openStream('/v1/events/stream?since_id=evt-2');
  await bySinceId.until((text) => text.includes('id: evt-3'));
  expect(idsIn(bySinceId.text)).toEqual(['evt-3']);
  await bySinceId.close();
});

it('answers 422 in the error shape, before any stream opens, for an unknown topic or an event no longer kept', async () => {
  const unknownTopic = await send(server.url, { method: 'GET', path: '/v1/events/stream?topics=product/created,nope/nope', headers: KEY });
  expect(unknownTopic.status).toBe(422);
  expect(unknownTopic.body.meta).toMatchObject({
    code: 422,
    error_type: 'ValidationError',
    errors: { topics: ['are not public topics: "nope/nope"'] },
  });
  expect(calls).toEqual([]);

  const expired = await send(server.url, { method: 'GET', path: '/v1/events/stream', headers: { ...KEY, 'Last-Event-ID': 'evt-0' } });
  expect(expired.status).toBe(422);
  expect(expired.body.meta!.errors).toEqual({ since_id: ['is not an event kept for the store (the feed keeps 30 days)'] });
  expect(streams.size).toBe(0);
});

it('needs store_read and a good credential', async () => {
  expect((await send(server.url, { method: 'GET', path: '/v1/events/stream', headers: { 'API-KEY': 'sk_live_8' } })).status).toBe(401);
  const writeOnly = await send(server.url, {
    method: 'GET',
    path: '/v1/events/stream',
    headers: { Authorization: bearer('write-only', 'store_write') },
  });
  expect(writeOnly.status).toBe(403);
  expect(writeOnly.body.meta).toMatchObject({ error_type: 'InsufficientScope' });
});

it('holds at most EVENT_STREAMS_PER_CREDENTIAL open per credential: the next is a 429, another credential is not counted', async () => {
  const first = await openStream();
  const second = await openStream();
  const refused = await send(server.url, { method: 'GET', path: '/v1/events/stream', headers: KEY });
  expect(refused.status).toBe(429);
  expect(refused.headers['retry-after']).toBe('2');
  expect(refused.body).toMatchObject({
    error: 'Too many open event streams for this credential (at most 2); close one first',
    meta: { code: 429, error_type: 'RateLimited' },
  });
  const token = await openStream('/v1/events/stream', { Authorization: bearer('read-only', 'store_read') });
  expect(token.response.status).toBe(200);

  await first.close();
  await waitFor(() => streams.size === 2 || undefined);
  const again = await openStream();
  expect(again.response.status).toBe(200);
  await Promise.all([second.close(), token.close(), again.close()]);
});

it('stops polling once the client leaves', async () => {
  const stream = await openStream();
  await stream.until((text) => text.includes(': keep-alive'));
  await stream.close();
  await waitFor(() => streams.size === 0 || undefined);
  // The long poll in flight answers; no other starts.
  for (const wake of pending.splice(0)) wake();
  const made = calls.length;
  await new Promise((resolve) => setImmediate(resolve));
  expect(calls.length).toBe(made);
  expect(pending).toEqual([]);
});

it('retries a failed poll with backoff and goes on streaming', async () => {
  const stream = await openStream();
  await stream.until((text) => text.startsWith('retry: 2000'));
  // The two polls after the one waiting now fail (a keep-alive each), the third waits again.
  failures = 2;
  await stream.until((text) => text.split(': keep-alive').length >= 4);
  expect(failures).toBe(0);
  add('evt-2');
  await stream.until((text) => text.includes('id: evt-2'));
  expect(stream.ended).toBe(false);
  await stream.close();
});

it("ends a revoked grant's and a rotated key's streams, and every stream at shutdown, cleanly", async () => {
  const byToken = await openStream('/v1/events/stream', { Authorization: bearer('grant-9', 'store_read') });
  const byKey = await openStream();
  await byKey.until((text) => text.startsWith('retry'));
  streams.endGrant('grant-9');
  await waitFor(() => byToken.ended || undefined);
  expect(byKey.ended).toBe(false);
  streams.endStoreKeyStreams(7);
  await waitFor(() => byKey.ended || undefined);

  const open = await openStream();
  await open.until((text) => text.startsWith('retry'));
  streams.endAll();
  await waitFor(() => open.ended || undefined);
  expect(streams.size).toBe(0);
});
