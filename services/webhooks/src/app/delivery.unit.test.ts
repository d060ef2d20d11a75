// The delivery engine's use cases (intake, worker) on the real repositories over an in-memory database, with a
// receiver, DNS and a clock written for the test: retries are run to the end by moving the clock.
import { newEvent, type DomainEvent, type EventTopic } from '@commerce/events';
import { openDatabase, type Database } from '@commerce/persistence';
import { StoreZoneRepository } from '@commerce/store-zones';
import { Webhook as StandardWebhook } from 'standardwebhooks';
import { RETRY_WINDOW_MS, SECOND } from '@commerce/delivery';
import type { Webhook } from '../domain/webhook';
import type { DeliveryDocument } from '../infra/delivery.documents';
import { DeliveryRepository } from '../infra/delivery.repository';
import { ensureWebhooksIndexes } from '../infra/indexes';
import { SecretBox } from '../infra/secret-box';
import { WebhookRepository, type WebhookDocument } from '../infra/webhook.repository';
import { USER_AGENT } from './attempt-delivery';
import { DEFAULT_LIMITS, DeliveryWorker, type WorkerDeps } from './delivery-worker';
import { fanOutEvents, PREDECESSOR_WAIT_MS } from './fan-out-events';
import { listDeliveries } from './list-deliveries';
import { replayEvent } from './replay-event';
import { replayEventsSince } from './replay-events-since';
import { storeEvent } from './store-event';
import { secretOwnerOf } from './webhook-message';
import type { OutgoingRequest, SendResult, WebhooksDeps } from './webhooks-deps';

const STORE = 7;
const OTHER_STORE = 8;
const SECRET = `whsec_${Buffer.alloc(24, 5).toString('base64')}`;
const box = new SecretBox(Buffer.alloc(32, 9));

let db: Database;
let deps: WorkerDeps;
let deliveries: DeliveryRepository;
let webhooks: WebhookRepository;
let now: Date;
let sent: OutgoingRequest[];
let answer: (request: OutgoingRequest) => SendResult | Promise<SendResult>;
let addresses: Record<string, string[]>;
let worker: DeliveryWorker;

beforeEach(async () => {
  db = await openDatabase({ engine: 'memory' });
  await ensureWebhooksIndexes(db);
  webhooks = new WebhookRepository(db.collection(WebhookRepository.collection));
  deliveries = DeliveryRepository.open(db);
  now = new Date(Math.floor(Date.now() / 1_000) * 1_000);
  sequences.clear();
  sent = [];
  answer = () => ({ status_code: 200 });
  addresses = { 'hooks.example.com': ['93.184.215.14'], 'inside.example.com': ['10.0.0.8'] };
  deps = {
    webhooks,
    deliveries,
    secrets: box,
    resolver: { addressesOf: async (host) => addresses[host] ?? null },
    sender: {
      send: async (request) => {
        sent.push(request);
        return answer(request);
      },
    },
    allowPrivateNetworks: false,
    nextId: (counter) => db.nextId(counter),
    clock: () => now,
    random: () => 0.5,
    logger: { warn: () => undefined },
  };
  worker = new DeliveryWorker(deps);
});
afterEach(() => db.close());

let webhookIds = 0;
async function addWebhook(fields: Partial<Webhook> & { deleted?: boolean } = {}): Promise<number> {
  const id = fields.id ?? ++webhookIds + 100;
  const { deleted, ...rest } = fields;
  const webhook: Webhook = {
    id,
    store_id: STORE,
    url: 'https://hooks.example.com/in',
    events: ['product/updated'],
    status: 'active',
    created_at: now,
    updated_at: now,
    ...rest,
  };
  await webhooks.insert(webhook, id, box.seal(SECRET, secretOwnerOf(webhook)));
  if (deleted) await webhooks.softDelete(webhook.store_id, id, now);
  return id;
}

/** Each resource's events numbered 1, 2, 3... as the services number them (the envelope's per-resource `sequence`). */
const sequences = new Map<string, number>();
function event(topic: EventTopic = 'product/updated', resourceId = 1, storeId = STORE): DomainEvent {
  const resourceType = topic.split('/')[0]!;
  const key = `${storeId}/${resourceType}/${resourceId}`;
  const sequence = (sequences.get(key) ?? 0) + 1;
  sequences.set(key, sequence);
  return newEvent({ topic, storeId, resourceType, resourceId, sequence, resource: { id: resourceId, n: sequence } as never, now });
}

/**
 * What the service does with an event from the bus: stores it, then (in the worker's next pass) makes its jobs.
 * Answers the jobs written.
 */
async function intake(published: DomainEvent): Promise<number> {
  await storeEvent(deps, published);
  return (await fanOutEvents(deps)).jobs;
}

/** Waits, turn by turn, for a condition the worker's sends make true (they run in the background). */
async function waitUntil(condition: () => Promise<boolean>): Promise<void> {
  for (let turn = 0; turn < 1_000; turn++) {
    if (await condition()) return;
    await new Promise((resolve) => setImmediate(resolve));
  }
  throw new Error('condition not met');
}

/** Runs passes until nothing is due at the current time. */
async function deliverDue(): Promise<void> {
  await worker.tick();
  await worker.idle();
}

const jobsOf = (webhookId: number): Promise<DeliveryDocument[]> =>
  deliveries.deliveries.find({ webhook_id: webhookId }, { sort: { id: 1 } });
const advance = (ms: number) => (now = new Date(now.getTime() + ms));

describe('intake (storeEvent, fanOutEvents)', () => {
  it('stores a public event and a job for each active webhook of the store subscribed to its topic', async () => {
    const subscribed = await addWebhook();
    const wildcard = await addWebhook({ events: ['shipping_group/*', 'product/updated'] });
    await addWebhook({ events: ['order/paid'] });
    await addWebhook({ status: 'disabled', disabled_reason: 'x' });
    await addWebhook({ deleted: true });
    await addWebhook({ store_id: OTHER_STORE });
    const updated = event();

    expect(await intake(updated)).toBe(2);

    expect(await deliveries.findEvent(updated.id)).toMatchObject({
      id: updated.id,
      topic: 'product/updated',
      store_id: STORE,
      resource: updated.resource,
      fanned_out: true,
    });
    const jobs = await deliveries.deliveries.find({}, { sort: { webhook_id: 1 } });
    expect(jobs.map((job) => [job.webhook_id, job.event_id, job.status, job.resource_key])).toEqual([
      [subscribed, updated.id, 'pending', 'product:1'],
      [wildcard, updated.id, 'pending', 'product:1'],
    ]);
  });

  it('changes nothing when the same event comes again, even for a webhook created since', async () => {
    await addWebhook();
    const updated = event();
    await intake(updated);
    await addWebhook();

    expect(await intake(updated)).toBe(0);
    expect(await deliveries.deliveries.count({})).toBe(1);
    expect(await deliveries.events.count({})).toBe(1);
  });

  it('writes the jobs still missing when a first intake stopped before marking the event', async () => {
    const id = await addWebhook();
    const updated = event();
    await intake(updated);
    await deliveries.events.updateOne({ id: updated.id }, { $set: { fanned_out: false } });
    await addWebhook();

    expect(await intake(updated)).toBe(1);
    expect((await jobsOf(id)).length).toBe(1);
  });

  it('skips, on a redelivery that stopped halfway, the jobs a first intake wrote, writing the others', async () => {
    const first = await addWebhook();
    const updated = event();
    await intake(updated);
    await deliveries.events.updateOne({ id: updated.id }, { $set: { fanned_out: false } });
    const second = await addWebhook();
    const third = await addWebhook();

    expect(await intake(updated)).toBe(2);
    const jobs = await deliveries.deliveries.find({}, { sort: { id: 1 } });
    expect(jobs.map((job) => job.webhook_id).sort()).toEqual([first, second, third].sort());
    expect(new Set(jobs.map((job) => job.id)).size).toBe(3);
  });

  it('stores an event no active webhook of its store wants as fanned out already: in the feed, no fan-out left to do', async () => {
    await addWebhook({ events: ['order/paid'] });
    await addWebhook({ status: 'disabled', disabled_reason: 'x' });
    await addWebhook({ store_id: OTHER_STORE });
    const unwanted = event();

    expect(await storeEvent(deps, unwanted)).toBe(false);
    expect(await deliveries.findEvent(unwanted.id)).toMatchObject({ id: unwanted.id, fanned_out: true });
    expect(await deliveries.eventsToFanOut(10)).toEqual([]);

    const wanted = event('order/paid');
    expect(await storeEvent(deps, wanted)).toBe(true);
    expect((await deliveries.eventsToFanOut(10)).map((waiting) => waiting.id)).toEqual([wanted.id]);
  });

  it("reads a store's webhooks once for the events of a batch, and sees a webhook created before the next batch", async () => {
    await addWebhook({ events: ['order/paid'] });
    const documents = db.collection<WebhookDocument>(WebhookRepository.collection);
    const find = jest.spyOn(documents, 'find');

    const batch = [event('product/updated', 1), event('order/paid', 2), event('product/updated', 3)];
    expect(await Promise.all(batch.map((one) => storeEvent(deps, one)))).toEqual([false, true, false]);
    expect(find).toHaveBeenCalledTimes(1);

    await addWebhook({ events: ['product/updated'] });
    expect(await storeEvent(deps, event('product/updated', 4))).toBe(true);
    expect(find).toHaveBeenCalledTimes(2);
  });

  it("waits for a resource's earlier event stored later (another replica's intake), then sends both in order", async () => {
    const id = await addWebhook();
    const [earlier, later] = [event('product/updated', 1), event('product/updated', 1)];

    expect(await intake(later)).toBe(0);
    expect(await jobsOf(id)).toEqual([]);
    expect(await intake(earlier)).toBe(2);

    await deliverDue();
    await deliverDue();
    expect(sent.map((request) => request.headers['webhook-id'])).toEqual([earlier.id, later.id]);
  });

  it('makes the jobs of an event whose earlier event never comes once PREDECESSOR_WAIT_MS has passed', async () => {
    const id = await addWebhook();
    event('product/updated', 1); // sequence 1: an event the feed never stores
    const orphan = event('product/updated', 1);

    expect(await intake(orphan)).toBe(0);
    advance(PREDECESSOR_WAIT_MS - 1);
    expect((await fanOutEvents(deps)).jobs).toBe(0);
    advance(1);
    expect((await fanOutEvents(deps)).jobs).toBe(1);
    expect((await jobsOf(id)).map((job) => job.event_id)).toEqual([orphan.id]);
  });

  it("delivers no internal topic, keeping only a mark of its place in its resource's sequence (no resource)", async () => {
    await addWebhook({ events: ['store/updated'] });
    const created = event('store/created' as EventTopic, STORE);
    const updated = event('store/updated' as EventTopic, STORE);

    expect(await intake(created)).toBe(0);
    expect(await deliveries.findEvent(created.id)).toMatchObject({ topic: 'store/created', sequence: 1, resource: null, fanned_out: true });
    // Its successor finds its predecessor at once: no PREDECESSOR_WAIT_MS.
    expect(await intake(updated)).toBe(1);
  });
});

describe('DeliveryWorker', () => {
  it('POSTs the Standard Webhooks body, signed with the webhook secret, to the checked address', async () => {
    const id = await addWebhook();
    const updated = event();
    await intake(updated);

    await deliverDue();

    expect(sent).toHaveLength(1);
    const [request] = sent;
    expect(request).toMatchObject({ url: 'https://hooks.example.com/in', addresses: ['93.184.215.14'], timeoutMs: 15 * SECOND });
    expect(JSON.parse(request.body)).toEqual({ type: 'product/updated', timestamp: updated.occurred_at, data: updated.resource });
    expect(request.headers).toMatchObject({
      'content-type': 'application/json',
      'user-agent': USER_AGENT,
      'webhook-id': updated.id,
      'webhook-timestamp': String(now.getTime() / 1_000),
      'x-webhook-topic': 'product/updated',
    });
    expect(new StandardWebhook(SECRET).verify(request.body, request.headers)).toEqual(JSON.parse(request.body));
    const [job] = await jobsOf(id);
    expect(job).toMatchObject({ status: 'delivered', attempt_count: 1, lease_owner: '', last_error: null });
    expect(job.attempts).toEqual([
      {
        id: expect.any(Number),
        attempt: 1,
        attempted_at: now,
        status_code: 200,
        duration_ms: expect.any(Number),
        error: null,
        next_attempt_at: null,
      },
    ]);
  });

  it('retries on the schedule with the same webhook-id until 3 days after the first attempt, then fails', async () => {
    const id = await addWebhook();
    await intake(event());
    answer = () => ({ status_code: 500 });
    const first = now;
    const outcomes: string[] = [];
    deps.observeAttempt = ({ outcome }) => outcomes.push(outcome);

    await deliverDue();
    for (let round = 0; round < 30; round++) {
      const [job] = await jobsOf(id);
      if (job.status !== 'pending') break;
      // Not due a moment before its time.
      now = new Date(job.next_attempt_at.getTime() - 1);
      await deliverDue();
      expect((await jobsOf(id))[0].attempt_count).toBe(job.attempt_count);
      now = job.next_attempt_at;
      await deliverDue();
    }

    const [job] = await jobsOf(id);
    expect(job.status).toBe('failed');
    expect(job.attempt_count).toBe(11);
    expect(new Set(sent.map((request) => request.headers['webhook-id'])).size).toBe(1);
    const gaps = job.attempts.slice(1).map((attempt, index) => attempt.attempted_at.getTime() - job.attempts[index].attempted_at.getTime());
    expect(gaps).toEqual([5, 300, 1_800, 7_200, 18_000, 36_000, 36_000, 43_200, 43_200, 43_200].map((seconds) => seconds * SECOND));
    expect(job.attempts.at(-1)).toMatchObject({ status_code: 500, next_attempt_at: null });
    expect(job.attempts.at(-1)!.attempted_at.getTime() - first.getTime()).toBeLessThanOrEqual(RETRY_WINDOW_MS);
    // The metrics see each attempt: ten scheduled retries, then the last one failed.
    expect(outcomes).toEqual([...Array<string>(10).fill('retry'), 'failed']);
    expect(job.last_error).toMatch(/answered 500; no attempt left/);
  });

  it('applies the jitter to each wait', async () => {
    const id = await addWebhook();
    await intake(event());
    answer = () => ({ status_code: 503 });
    deps.random = () => 0;
    await deliverDue();
    expect((await jobsOf(id))[0].next_attempt_at.getTime() - now.getTime()).toBe(4 * SECOND);
  });

  it('disables the webhook on a 410 with a reason naming it and its time, and stops its other jobs', async () => {
    const id = await addWebhook();
    await intake(event('product/updated', 1));
    await intake(event('product/updated', 2));
    answer = (request) => (JSON.parse(request.body).data.id === 1 ? { status_code: 410 } : { status_code: 500 });

    await deliverDue();
    advance(60 * SECOND);
    await deliverDue();

    const webhook = await webhooks.byId(STORE, id);
    expect(webhook).toMatchObject({ status: 'disabled', disabled_reason: expect.stringMatching(/410 Gone at \d{4}-\d\d-\d\dT/) });
    const jobs = await jobsOf(id);
    expect(jobs.map((job) => job.status).sort()).toEqual(['canceled', 'failed']);
    const sentBefore = sent.length;
    advance(3_600 * SECOND);
    await deliverDue();
    expect(sent.length).toBe(sentBefore);
  });

  it('stops retrying a message the receiver answers with webhook-delivery: abort-message', async () => {
    const id = await addWebhook();
    await intake(event());
    answer = () => ({ status_code: 422, delivery_header: 'abort-message' });

    await deliverDue();
    advance(3_600 * SECOND);
    await deliverDue();

    expect(sent).toHaveLength(1);
    expect((await jobsOf(id))[0]).toMatchObject({ status: 'aborted', attempt_count: 1 });
  });

  it('sends the events of one resource in order, the next only once the previous ended, while another resource proceeds', async () => {
    const id = await addWebhook();
    const first = [event('product/updated', 1), event('product/updated', 1), event('product/updated', 1)];
    const other = [event('product/updated', 2), event('product/updated', 2)];
    for (const each of [first[0], other[0], first[1], other[1], first[2]]) await intake(each);
    let failOnce = true;
    answer = (request) => {
      if (request.headers['webhook-id'] === first[0].id && failOnce) {
        failOnce = false;
        return { status_code: 500 };
      }
      return { status_code: 200 };
    };

    await deliverDue();

    // Product 2 went through; product 1 waits for its first event's retry.
    const idsSent = () => sent.map((request) => request.headers['webhook-id']);
    expect(idsSent()).toEqual([first[0].id, other[0].id, other[1].id]);
    advance(5 * SECOND);
    await deliverDue();
    expect(idsSent().slice(3)).toEqual([first[0].id, first[1].id, first[2].id]);
    expect((await jobsOf(id)).every((job) => job.status === 'delivered')).toBe(true);
  });

  it('lets the next event of a resource go once the previous failed for good', async () => {
    const id = await addWebhook();
    const [a, b] = [event('product/updated', 1), event('product/updated', 1)];
    await intake(a);
    await intake(b);
    answer = (request) =>
      request.headers['webhook-id'] === a.id ? { status_code: 400, delivery_header: 'abort-message' } : { status_code: 200 };

    await deliverDue();

    expect(sent.map((request) => request.headers['webhook-id'])).toEqual([a.id, b.id]);
    expect((await jobsOf(id)).map((job) => job.status)).toEqual(['aborted', 'delivered']);
  });

  it('reaches a resource whose jobs lie beyond a batch filled by another resource queued behind a failing event', async () => {
    const id = await addWebhook();
    const blocked = [event('product/updated', 1), event('product/updated', 1), event('product/updated', 1), event('product/updated', 1)];
    for (const each of blocked) await intake(each);
    const later = event('product/updated', 2);
    await intake(later);
    answer = (request) => (request.headers['webhook-id'] === blocked[0].id ? { status_code: 500 } : { status_code: 200 });
    worker = new DeliveryWorker(deps, { ...DEFAULT_LIMITS, batch: 2 });

    await deliverDue();

    expect(sent.map((request) => request.headers['webhook-id'])).toEqual([blocked[0].id, later.id]);
    expect((await jobsOf(id)).map((job) => job.status)).toEqual(['pending', 'pending', 'pending', 'pending', 'delivered']);
  });

  it("reaches another webhook's job behind a slow webhook's backlog longer than a pass looks at", async () => {
    const slow = await addWebhook({ url: 'https://hooks.example.com/slow' });
    for (let resource = 1; resource <= 12; resource++) await intake(event('product/updated', resource));
    const fast = await addWebhook({ url: 'https://hooks.example.com/fast' });
    const later = event('product/updated', 99);
    await intake(later);
    const release: Array<() => void> = [];
    answer = (request) =>
      request.url.endsWith('/slow') ? new Promise((resolve) => release.push(() => resolve({ status_code: 200 }))) : { status_code: 200 };
    worker = new DeliveryWorker(deps, { ...DEFAULT_LIMITS, batch: 2, perWebhook: 2 });

    await worker.tick();
    await waitUntil(async () => (await jobsOf(fast))[0].status === 'delivered');

    expect(sent.filter((request) => request.url.endsWith('/slow'))).toHaveLength(2);
    expect((await jobsOf(slow)).filter((job) => job.status === 'pending')).toHaveLength(13);
    answer = () => ({ status_code: 200 });
    release.forEach((done) => done());
    await worker.idle();
  });

  it('refuses a host that resolves to a private address at delivery, and retries', async () => {
    const id = await addWebhook({ url: 'https://inside.example.com/in' });
    await intake(event());

    await deliverDue();

    expect(sent).toHaveLength(0);
    expect((await jobsOf(id))[0]).toMatchObject({
      status: 'pending',
      attempt_count: 1,
      attempts: [
        expect.objectContaining({ error: expect.stringMatching(/refused: inside.example.com points at a private address \(10.0.0.8\)/) }),
      ],
    });

    deps.allowPrivateNetworks = true;
    advance(5 * SECOND);
    await deliverDue();
    expect(sent).toMatchObject([{ addresses: ['10.0.0.8'] }]);
  });

  it.each(['198.18.0.5', '2002:c612:5::1', '::ffff:198.18.0.5', '192.88.99.1'])(
    'refuses a host that resolves to the special-purpose address %s at delivery (DNS changed since the save)',
    async (address) => {
      const id = await addWebhook({ url: 'https://hooks.example.com/in' });
      await intake(event());
      addresses['hooks.example.com'] = [address];

      await deliverDue();

      expect(sent).toHaveLength(0);
      expect((await jobsOf(id))[0]!.attempts).toEqual([
        expect.objectContaining({ error: expect.stringContaining(`refused: hooks.example.com points at a reserved address (${address})`) }),
      ]);
    },
  );

  it('records a failure before the request (a secret that does not open) as a failed attempt, on the schedule', async () => {
    const id = await addWebhook();
    await intake(event());
    deps.secrets = new SecretBox(Buffer.alloc(32, 3));

    await deliverDue();

    expect(sent).toHaveLength(0);
    expect((await jobsOf(id))[0]).toMatchObject({
      status: 'pending',
      attempt_count: 1,
      attempts: [expect.objectContaining({ error: expect.stringMatching(/^could not send: the secret was sealed with key/) })],
    });
  });

  it('records a host that does not resolve as a failed attempt', async () => {
    const id = await addWebhook({ url: 'https://nowhere.example.com/in' });
    await intake(event());
    await deliverDue();
    expect((await jobsOf(id))[0].attempts[0]).toMatchObject({ status_code: null, error: 'nowhere.example.com does not resolve' });
  });

  it('cancels the jobs of a webhook deleted or disabled since', async () => {
    const deleted = await addWebhook();
    const disabled = await addWebhook();
    await intake(event());
    await webhooks.softDelete(STORE, deleted, now);
    await webhooks.update(STORE, disabled, { status: 'disabled', disabled_reason: 'disabled by an update (enabled=false)' });

    await deliverDue();

    expect(sent).toHaveLength(0);
    expect((await jobsOf(deleted))[0]).toMatchObject({ status: 'canceled', last_error: 'the webhook was deleted' });
    expect((await jobsOf(disabled))[0]).toMatchObject({ status: 'canceled', last_error: expect.stringMatching(/disabled/) });
  });

  it('never sends one attempt twice at once from two workers, and a slow receiver holds only its own webhook', async () => {
    const slow = await addWebhook({ url: 'https://hooks.example.com/slow' });
    const fast = await addWebhook({ url: 'https://hooks.example.com/fast' });
    for (let resource = 1; resource <= 12; resource++) await intake(event('product/updated', resource));
    const release: Array<() => void> = [];
    answer = (request) =>
      request.url.endsWith('/slow') ? new Promise((resolve) => release.push(() => resolve({ status_code: 200 }))) : { status_code: 200 };
    const other = new DeliveryWorker(deps);

    await Promise.all([worker.tick(), other.tick()]);
    await Promise.all([worker.tick(), other.tick()]);
    // Let the fast sends end while the slow ones hang.
    await new Promise((resolve) => setImmediate(resolve));
    await new Promise((resolve) => setTimeout(resolve, 20));

    const fastJobs = await jobsOf(fast);
    expect(fastJobs.every((job) => job.status === 'delivered')).toBe(true);
    const slowSent = sent.filter((request) => request.url.endsWith('/slow')).map((request) => request.headers['webhook-id']);
    expect(new Set(slowSent).size).toBe(slowSent.length);
    expect(slowSent.length).toBeLessThanOrEqual(16); // 8 per webhook in each of the two workers
    release.forEach((done) => done());
    await Promise.all([worker.idle(), other.idle()]);
    await Promise.all([worker.tick(), other.tick()]);
    while (release.length > 0) {
      release.splice(0).forEach((done) => done());
      await Promise.all([worker.idle(), other.idle()]);
      await Promise.all([worker.tick(), other.tick()]);
    }
    await Promise.all([worker.idle(), other.idle()]);
    expect((await jobsOf(slow)).every((job) => job.status === 'delivered')).toBe(true);
    expect(sent.filter((request) => request.url.endsWith('/slow'))).toHaveLength(12);
  });
});

describe('deliveries API', () => {
  let api: Pick<WebhooksDeps, 'webhooks' | 'deliveries' | 'zones' | 'storefront' | 'nextId' | 'clock'>;
  beforeEach(() => {
    api = {
      webhooks,
      deliveries,
      zones: new StoreZoneRepository(db.collection(StoreZoneRepository.collection)),
      storefront: {
        storeSettings: async () => ({
          settings: { time_zone: 'Europe/Paris', currency: 'EUR', prices_include_tax: true },
          updatedAt: new Date(0),
        }),
      },
      nextId: deps.nextId,
      clock: () => now,
    };
  });

  it('lists the attempts newest first, per webhook or event, paged by id, in the store zone', async () => {
    const id = await addWebhook();
    const other = await addWebhook();
    const updated = event();
    await intake(updated);
    answer = () => (sent.length <= 2 ? { status_code: 503 } : { status_code: 200 });
    await deliverDue();
    advance(5 * SECOND);
    await deliverDue();

    const all = await listDeliveries(api, STORE, { webhook_id: 0, event_id: '', older_than_id: 0, limit: undefined });
    expect(all.limit).toBe(50);
    expect(all.time_zone).toBe('Europe/Paris');
    expect(all.deliveries.map((attempt) => attempt.id)).toEqual([...all.deliveries.map((attempt) => attempt.id)].sort((a, b) => b - a));
    expect(all.deliveries).toHaveLength(4);
    const ofWebhook = await listDeliveries(api, STORE, { webhook_id: id, event_id: updated.id, older_than_id: 0, limit: 1 });
    expect(ofWebhook.deliveries).toEqual([
      {
        id: expect.any(Number),
        webhook_id: id,
        event_id: updated.id,
        topic: 'product/updated',
        attempt: 2,
        status_code: 200,
        error: '',
        succeeded: true,
        attempted_at: now,
        duration_ms: expect.any(Number),
        next_attempt_at: undefined,
      },
    ]);
    const older = await listDeliveries(api, STORE, { webhook_id: id, event_id: '', older_than_id: ofWebhook.deliveries[0].id, limit: 10 });
    expect(older.deliveries).toMatchObject([
      { attempt: 1, status_code: 503, succeeded: false, error: 'the receiver answered 503', next_attempt_at: now },
    ]);
    expect((await listDeliveries(api, STORE, { webhook_id: other, event_id: '', older_than_id: 0, limit: 10 })).deliveries).toHaveLength(2);
    await expect(listDeliveries(api, OTHER_STORE, { webhook_id: id, event_id: '', older_than_id: 0, limit: 10 })).rejects.toMatchObject({
      reason: 'NOT_FOUND',
    });
  });

  it('replays an event with the same webhook-id as a fresh series, to a webhook created since too', async () => {
    const id = await addWebhook();
    const updated = event();
    await intake(updated);
    await deliverDue();
    const later = await addWebhook();

    expect(await replayEvent(api, STORE, updated.id, 0)).toEqual({ scheduled: 2 });
    await deliverDue();

    expect(sent.map((request) => request.headers['webhook-id'])).toEqual([updated.id, updated.id, updated.id]);
    expect((await jobsOf(id))[0]).toMatchObject({ status: 'delivered', attempt_count: 2, series_attempts: 1 });
    expect((await jobsOf(later))[0]).toMatchObject({ status: 'delivered', attempt_count: 1 });
    expect(await replayEvent(api, STORE, updated.id, later)).toEqual({ scheduled: 1 });
    await expect(replayEvent(api, OTHER_STORE, updated.id, 0)).rejects.toMatchObject({ reason: 'NOT_FOUND' });
    await expect(replayEvent(api, STORE, 'nope', 0)).rejects.toMatchObject({ reason: 'NOT_FOUND' });
  });

  it('replays the events since a time in occurrence order, and wants the time', async () => {
    await addWebhook();
    const old = event();
    await intake(old);
    advance(60 * SECOND);
    const since = now;
    const recent = [event('product/updated', 2), event('product/updated', 3)];
    for (const each of recent) await intake(each);
    await deliverDue();
    sent = [];

    expect(await replayEventsSince(api, STORE, since, 0)).toEqual({ scheduled: 2, events: 2 });
    await deliverDue();
    expect(sent.map((request) => request.headers['webhook-id']).sort()).toEqual(recent.map((each) => each.id).sort());
    await expect(replayEventsSince(api, STORE, undefined, 0)).rejects.toMatchObject({ reason: 'INVALID_ARGUMENT' });
  });

  it('replays nothing since a time past the year 9999 (its ISO text, +010000-..., sorted before every event)', async () => {
    await addWebhook();
    await intake(event());
    await deliverDue();
    sent = [];

    for (const since of [new Date(Date.UTC(10_000, 0, 1)), new Date(8.64e15), new Date(Date.UTC(9999, 11, 31, 23, 59, 59))]) {
      expect(await replayEventsSince(api, STORE, since, 0)).toEqual({ scheduled: 0, events: 0 });
    }
    await deliverDue();
    expect(sent).toEqual([]);
  });
});
