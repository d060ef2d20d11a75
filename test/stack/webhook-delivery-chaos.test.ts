import { waitFor, type PublishedEvent } from '@commerce/testing';
import type { ApiAnswer } from '../support/api.client';
import { startTwoStoreStack, type TwoStoreStack } from '../support/two-stores.fixture';
import { subjectEvents } from '../support/subject-events.harness';
import { WebhookReceiver, type Arrival } from '../support/webhook-receiver.harness';

/**
 * Issue 14, item 4 (docs/webhooks.md#delivery): nothing lost, nothing doubled. Each scenario has its
 * own webhook (product/created and product/updated) and its own receiver on loopback, verifying every request with
 * the `standardwebhooks` package and deduplicating by `webhook-id`; its products' names carry the scenario's prefix,
 * so the events it owes are those of the catalog stream whose product has that prefix. In each: the set of event
 * ids accepted equals the set catalog recorded, no id accepted twice, each product's events in the order they
 * happened. Repeats (an id arriving again after it was accepted) are allowed only where the docs allow them.
 */

const WIDE_OPEN = '1000000000';
const TOPICS = ['product/created', 'product/updated'];
const ALLOW_PRIVATE = { WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true' };

let world: TwoStoreStack;
const receivers: WebhookReceiver[] = [];

beforeAll(async () => {
  world = await startTwoStoreStack('webhook-chaos', ['chaoshook', 'chaosrival'], {
    RATE_LIMIT_BURST: WIDE_OPEN,
    RATE_LIMIT_PER_SECOND: WIDE_OPEN,
  });
  // The receivers are on loopback: only the webhooks service is started again with private targets allowed.
  await world.stack.killService('webhooks', 'SIGTERM');
  await world.stack.startService('webhooks', ALLOW_PRIVATE);
});

afterAll(async () => {
  for (const receiver of receivers) await receiver.close();
  await world?.stop();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A receiver listening and a webhook of the shop pointing at it. */
async function hookedReceiver(name: string, options: { delayMs?: number } = {}): Promise<WebhookReceiver> {
  const receiver = new WebhookReceiver();
  receivers.push(receiver);
  const base = await receiver.listen();
  if (options.delayMs) receiver.delayMs = options.delayMs;
  const created = await world.shop.post('/v1/webhooks.json', { url: `${base}/${name}`, events: TOPICS });
  expect(created.status).toBe(200);
  receiver.secretFor(`/${name}`, created.body.data.secret);
  return receiver;
}

/** Every product event catalog recorded for products named with `prefix`, oldest first per subject. */
async function recordedEvents(prefix: string): Promise<PublishedEvent[]> {
  const all = (
    await Promise.all(
      TOPICS.map((topic) => subjectEvents<PublishedEvent>(world.bus, 'catalog', `events.catalog.${world.shopStoreId}.${topic}`)),
    )
  ).flat();
  return all.filter((event) => String((event.resource as { name?: unknown }).name ?? '').startsWith(prefix));
}

/** Waits until the stream holds the same events twice in a row and the receiver accepted at least as many. */
async function settled(receiver: WebhookReceiver, prefix: string, timeoutMs: number): Promise<PublishedEvent[]> {
  let previous = -1;
  return waitFor(
    async () => {
      const recorded = await recordedEvents(prefix);
      const stable = recorded.length === previous;
      previous = recorded.length;
      return stable && receiver.accepted.size >= recorded.length ? recorded : undefined;
    },
    { timeoutMs, intervalMs: 1_000, message: `deliveries of the ${prefix} events (accepted ${receiver.accepted.size})` },
  );
}

/** The checks every scenario ends with. */
function expectEveryEventOnceInOrder(receiver: WebhookReceiver, recorded: PublishedEvent[]): void {
  expect(receiver.rejected).toEqual([]);
  const ids = recorded.map((event) => event.id);
  expect(new Set(ids).size).toBe(ids.length);
  expect([...receiver.accepted.keys()].sort()).toEqual([...ids].sort());
  // Per product, the accepted events follow the product's recorded sequence.
  const byProduct = new Map<number, PublishedEvent[]>();
  for (const event of recorded) byProduct.set(event.resource_id, [...(byProduct.get(event.resource_id) ?? []), event]);
  for (const [productId, events] of byProduct) {
    const expected = [...events].sort((a, b) => a.sequence - b.sequence).map((event) => event.id);
    const arrived = [...receiver.accepted.values()]
      .filter((arrival) => arrival.resourceId === productId)
      .map((arrival) => arrival.webhookId);
    expect({ productId, arrived }).toEqual({ productId, arrived: expected });
  }
}

/** `count` products named `<prefix>p<i> v0`, each then renamed v1..v`updates` in turn; products in parallel. */
async function productBurst(
  prefix: string,
  count: number,
  updates: number,
  onAnswer?: (answer: ApiAnswer) => void,
  options: { retry503?: boolean } = {},
): Promise<{ acked: number[]; ackedNames: string[]; failed: string[] }> {
  const acked: number[] = [];
  const ackedNames: string[] = [];
  const failed: string[] = [];
  const send = async (write: () => Promise<ApiAnswer>, what: string): Promise<ApiAnswer | undefined> => {
    let answer: ApiAnswer;
    for (let attempt = 1; ; attempt++) {
      answer = await write().catch((error: Error) => ({ status: 0, body: { error: error.message } }) as unknown as ApiAnswer);
      onAnswer?.(answer);
      // With retry503, a write the down catalog refused is sent again (as a client would) until it comes back.
      if (!options.retry503 || answer.status !== 503 || attempt === 100) break;
      failed.push(`${what}: 503, sent again`);
      await sleep(100);
    }
    if (answer.status !== 200 && !options.retry503) failed.push(`${what}: ${answer.status}`);
    else if (answer.status !== 200) failed.push(`${what}: ${answer.status} in the end`);
    else ackedNames.push(answer.body.data.name);
    return answer.status === 200 ? answer : undefined;
  };
  await Promise.all(
    Array.from({ length: count }, async (_, i) => {
      const created = await send(() => world.shop.post('/v1/products.json', { name: `${prefix}p${i} v0`, cents: 100 + i }), `create p${i}`);
      if (!created) return;
      acked.push(created.body.data.id);
      for (let v = 1; v <= updates; v++)
        await send(() => world.shop.put(`/v1/products/${created.body.data.id}.json`, { name: `${prefix}p${i} v${v}` }), `p${i} v${v}`);
    }),
  );
  return { acked, ackedNames, failed };
}

const repeatsOf = (receiver: WebhookReceiver) => [...receiver.repeats.entries()];

describe('webhook delivery loses nothing and doubles nothing (issue 14, item 4)', () => {
  it('(a) receiver down while 30 events happen, then up: each event accepted once, repeats only retries of failed attempts', async () => {
    const receiver = await hookedReceiver('down');
    receiver.mode = 'down';
    // 10 products, created and updated twice: 30 events, the first of each product tried (and failed) at once.
    const burst = await productBurst('a:', 10, 2);
    expect(burst.failed).toEqual([]);
    const recorded = await waitFor(
      async () => {
        const events = await recordedEvents('a:');
        return events.length === 30 ? events : undefined;
      },
      { timeoutMs: 30_000, intervalMs: 250 },
    );
    // Down until each product's first event has failed once (later ones wait behind it), then up well before the 5 s retry.
    await waitFor(() => receiver.failedAttempts.size >= 10 || undefined, {
      timeoutMs: 30_000,
      intervalMs: 50,
      message: 'a failed first attempt per product',
    });
    receiver.mode = 'up';

    await settled(receiver, 'a:', 120_000);
    expectEveryEventOnceInOrder(receiver, recorded);
    expect(repeatsOf(receiver)).toEqual([]);
    // Every id answered 503 was accepted later (its retry), and nothing else failed.
    for (const id of receiver.failedAttempts.keys()) expect(receiver.accepted.has(id)).toBe(true);
    const firstEvents = new Set(recorded.filter((event) => event.topic === 'product/created').map((event) => event.id));
    expect(new Set(receiver.failedAttempts.keys())).toEqual(firstEvents);
  }, 240_000);

  it('(b) nats-server SIGKILLed and restarted mid-stream: the events delivered are the events recorded', async () => {
    const receiver = await hookedReceiver('nats');
    let answers = 0;
    let restart: Promise<void> | undefined;
    const burst = await productBurst('b:', 10, 15, () => {
      if (++answers === 40) restart = world.stack.restartNats({ downMs: 1_000 });
    });
    await restart;
    const recorded = await settled(receiver, 'b:', 180_000);
    expectEveryEventOnceInOrder(receiver, recorded);
    expect(repeatsOf(receiver)).toEqual([]);
    // Every acknowledged create reached the receiver.
    const delivered = new Set(
      [...receiver.accepted.values()].filter((arrival) => arrival.topic === 'product/created').map((arrival) => arrival.resourceId),
    );
    for (const id of burst.acked) expect(delivered.has(id)).toBe(true);
    const names = new Set([...receiver.accepted.values()].map((arrival) => arrival.body.data.name));
    expect(burst.ackedNames.filter((name) => !names.has(name))).toEqual([]);
    process.stdout.write(
      `chaos (b) nats restart: ${recorded.length} events recorded, ${receiver.accepted.size} ` +
        `accepted, ${receiver.arrivals.length} requests, writes failed ${burst.failed.length}\n`,
    );
  }, 300_000);

  it('(c) webhooks SIGKILLed mid-delivery and restarted: every event once; a repeat only of a request in flight at the kill', async () => {
    const receiver = await hookedReceiver('killhooks', { delayMs: 100 });
    const burst = await productBurst('c:', 10, 9);
    expect(burst.failed).toEqual([]);
    await waitFor(() => receiver.accepted.size >= 25 || undefined, { timeoutMs: 60_000, intervalMs: 20, message: 'deliveries under way' });
    await world.stack.killService('webhooks', 'SIGKILL');
    const arrivedByKill = new Set(receiver.arrivals.map((arrival) => arrival.webhookId));
    const acceptedAtKill = receiver.accepted.size;
    await sleep(500);
    await world.stack.startService('webhooks', ALLOW_PRIVATE);

    // A job leased by the killed process is taken again when its lease (60 s) runs out.
    const recorded = await settled(receiver, 'c:', 200_000);
    expectEveryEventOnceInOrder(receiver, recorded);
    const repeats = repeatsOf(receiver);
    for (const [id] of repeats) expect(arrivedByKill.has(id)).toBe(true);
    process.stdout.write(
      `chaos (c) webhooks SIGKILL: ${recorded.length} events, ${acceptedAtKill} accepted before the kill ` +
        `(${arrivedByKill.size} ids had arrived), ${repeats.length} repeats after the restart: ${JSON.stringify(repeats)}\n`,
    );
  }, 300_000);

  it('(d) catalog SIGKILLed during a burst of writes and started again: the events delivered are the events recorded', async () => {
    const receiver = await hookedReceiver('killcatalog');
    let answers = 0;
    let kill: Promise<void> | undefined;
    const burst = await productBurst(
      'd:',
      20,
      5,
      () => {
        if (++answers === 30)
          kill = world.stack.killService('catalog', 'SIGKILL').then(async () => void (await world.stack.startService('catalog')));
      },
      { retry503: true },
    );
    expect(burst.failed.filter((failure) => !failure.endsWith('sent again'))).toEqual([]);
    await kill;
    const recorded = await settled(receiver, 'd:', 180_000);
    expectEveryEventOnceInOrder(receiver, recorded);
    expect(repeatsOf(receiver)).toEqual([]);
    const delivered = new Set(
      [...receiver.accepted.values()].filter((arrival) => arrival.topic === 'product/created').map((arrival) => arrival.resourceId),
    );
    for (const id of burst.acked) expect(delivered.has(id)).toBe(true);
    // Every acknowledged write (create or rename) reached the receiver.
    const names = new Set([...receiver.accepted.values()].map((arrival: Arrival) => arrival.body.data.name));
    expect(burst.ackedNames.filter((name) => !names.has(name))).toEqual([]);
    process.stdout.write(
      `chaos (d) catalog SIGKILL: ${recorded.length} events recorded, ${receiver.accepted.size} ` +
        `accepted, ${names.size} names, ${burst.failed.length} writes refused 503 while catalog was down and sent ` +
        `again, ${burst.acked.length} products created\n`,
    );
  }, 300_000);
});
