import { readBodyText, waitFor } from '@commerce/testing';
import type { ApiClient } from '../support/api.client';
import { startTwoStoreStack, type TwoStoreStack } from '../support/two-stores.fixture';

/**
 * Issue 35: the live event stream (docs/webhooks.md#the-live-event-stream) through the whole stack, read with fetch as an app
 * would: new events as they are stored, a reconnect with Last-Event-ID that misses and repeats nothing, the topics
 * filter, credentials, and the per-credential bound (EVENT_STREAMS_PER_CREDENTIAL=2 here).
 */

let world: TwoStoreStack;
let shop: ApiClient;

beforeAll(async () => {
  world = await startTwoStoreStack('event-stream', ['streamshop', 'streamrival'], { EVENT_STREAMS_PER_CREDENTIAL: '2' });
  ({ shop } = world);
});

afterAll(async () => {
  await world?.stop();
});

const PRODUCT_TOPICS = '?topics=product/created,product/updated';

interface Frame {
  id: string;
  event: string;
  data: { id: string; topic: string; resource_id: number; store_id: number };
}

/** An open stream: the frames received so far, read until a condition, and the way to hang up. */
async function openStream(query = '', headers: Record<string, string> = {}) {
  const aborter = new AbortController();
  const response = await fetch(`${shop.baseUrl}/v1/events/stream${query}`, {
    headers: { 'API-KEY': shop.apiKey, ...headers },
    signal: aborter.signal,
  });
  const body = readBodyText(response);
  const frames = (): Frame[] =>
    body.text
      .split('\n\n')
      .filter((block) => block.startsWith('id: '))
      .map((block) => {
        const fields = Object.fromEntries(
          block.split('\n').map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 2)]),
        );
        return { id: fields.id, event: fields.event, data: JSON.parse(fields.data) as Frame['data'] };
      });
  return {
    response,
    frames,
    /** Waits for at least `count` frames; answers them. */
    until: (count: number) => waitFor(() => (frames().length >= count ? frames() : undefined), { timeoutMs: 15_000 }),
    /** Waits for the stream to have opened (its `retry` line). */
    opened: () => waitFor(() => body.text.startsWith('retry: 2000') || undefined, { timeoutMs: 15_000 }),
    close: async () => {
      aborter.abort();
      await body.done;
    },
  };
}

it('streams a new product/created, then resumes after Last-Event-ID with exactly the events missed, in order', async () => {
  // A product's creation also makes its variant (variant/created): the products' topics only.
  const stream = await openStream(PRODUCT_TOPICS);
  expect(stream.response.status).toBe(200);
  expect(stream.response.headers.get('content-type')).toMatch(/^text\/event-stream/);
  await stream.opened();
  const created = await shop.post('/v1/products.json', { name: 'Stream Mug', cents: 1200 });
  expect(created.status).toBe(200);
  const productId = created.body.data.id as number;
  const [first] = await stream.until(1);
  expect(first).toMatchObject({ event: 'product/created', data: { topic: 'product/created', resource_id: productId, id: first.id } });
  await stream.close();

  // Two changes while no one listens, then a reconnect where the last one left off.
  await shop.put(`/v1/products/${productId}.json`, { name: 'Stream Mug II' });
  await shop.put(`/v1/products/${productId}.json`, { name: 'Stream Mug III' });
  const resumed = await openStream(PRODUCT_TOPICS, { 'Last-Event-ID': first.id });
  const missed = await resumed.until(2);
  expect(missed.map((frame) => frame.event)).toEqual(['product/updated', 'product/updated']);
  expect(missed.every((frame) => frame.data.resource_id === productId)).toBe(true);
  // Nothing repeated, nothing more: the feed read the same way holds exactly these after first.id.
  const feed = await shop.get(`/v1/events.json?since_id=${first.id}`);
  const kept = (feed.body.data.events as Array<{ id: string; topic: string }>).filter((event) => event.topic.startsWith('product/'));
  expect(missed.map((frame) => frame.id)).toEqual(kept.map((event) => event.id));
  expect(new Set(missed.map((frame) => frame.id)).size).toBe(2);
  await resumed.close();
});

it('sends only the topics asked for', async () => {
  const stream = await openStream('?topics=product/updated');
  await stream.opened();
  const created = await shop.post('/v1/products.json', { name: 'Topic Mug', cents: 900 });
  await shop.put(`/v1/products/${created.body.data.id}.json`, { name: 'Topic Mug II' });
  const [frame] = await stream.until(1);
  expect(frame).toMatchObject({ event: 'product/updated', data: { resource_id: created.body.data.id } });
  expect(stream.frames().every((one) => one.event === 'product/updated')).toBe(true);
  await stream.close();

  const unknown = await shop.get('/v1/events/stream?topics=product/nope');
  expect(unknown.status).toBe(422);
  expect(unknown.body.meta.errors).toEqual({ topics: ['are not public topics: "product/nope"'] });
});

it('refuses a wrong key (401) and an event id the feed does not keep (422)', async () => {
  const wrong = await fetch(`${shop.baseUrl}/v1/events/stream`, { headers: { 'API-KEY': 'sck_wrong' } });
  expect(wrong.status).toBe(401);
  const expired = await fetch(`${shop.baseUrl}/v1/events/stream`, { headers: { 'API-KEY': shop.apiKey, 'Last-Event-ID': 'nope' } });
  expect(expired.status).toBe(422);
});

it('holds at most EVENT_STREAMS_PER_CREDENTIAL streams per key: the next is a 429 until one closes', async () => {
  const first = await openStream();
  const second = await openStream();
  await Promise.all([first.opened(), second.opened()]);
  const third = await shop.get('/v1/events/stream');
  expect(third.status).toBe(429);
  expect(third.body).toMatchObject({ meta: { code: 429, error_type: 'RateLimited' } });
  expect(third.body.error).toContain('Too many open event streams');
  // Another store's key is another credential.
  const rival = await fetch(`${world.rival.baseUrl}/v1/events/stream`, { headers: { 'API-KEY': world.rival.apiKey } });
  expect(rival.status).toBe(200);
  await rival.body?.cancel();

  await first.close();
  const again = await waitFor(
    async () => {
      const attempt = await openStream();
      if (attempt.response.status === 200) return attempt;
      await attempt.close();
      return undefined;
    },
    { timeoutMs: 10_000 },
  );
  await Promise.all([second.close(), again.close()]);
});
