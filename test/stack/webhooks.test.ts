import fs from 'node:fs';
import path from 'node:path';
import { waitFor } from '@commerce/testing';
import type { ApiClient } from '../support/api.client';
import type { JsonBody } from '../support/stack.harness';
import { startTwoStoreStack, type TwoStoreStack } from '../support/two-stores.fixture';
import { WebhookReceiver } from '../support/webhook-receiver.harness';

/**
 * Issue 14, first increment: webhook records through the whole stack (docs/webhooks.md#routes, docs/api-conventions.md#inputs,
 * docs/webhooks.md#the-record). The stack runs with WEBHOOK_ALLOW_PRIVATE_NETWORKS unset, so receivers are public addresses; creation
 * resolves host names, and this machine may have no DNS, hence literal addresses.
 */

const RECEIVER = 'https://93.184.215.14/hook';
const WEBHOOK_KEYS = ['id', 'url', 'events', 'status', 'disabled_reason', 'created_at', 'updated_at'].sort();
const ZONED = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d\d:\d\d$/;

let world: TwoStoreStack;
let shop: ApiClient;
let rival: ApiClient;
let hook: JsonBody;

beforeAll(async () => {
  // As `npm start` runs it whatever this shell exports: private targets refused, the key generated into DATA_DIR.
  world = await startTwoStoreStack('webhooks', ['hookshop', 'hookrival'], { WEBHOOK_ALLOW_PRIVATE_NETWORKS: '', WEBHOOK_SECRET_KEY: '' });
  ({ shop, rival } = world);
});

const receiver = new WebhookReceiver();

afterAll(async () => {
  await receiver.close();
  await world?.stop();
});

describe('webhooks through the whole stack (docs/webhooks.md#routes)', () => {
  it('creates a webhook and answers its whsec_ secret, this once', async () => {
    const created = await shop.post('/v1/webhooks.json', { url: RECEIVER, events: ['order/paid', 'order/created', 'order/paid'] });

    expect(created.status).toBe(200);
    expect(created.body.meta).toEqual({ code: 200, api_version: '1.0' });
    const { secret, ...record } = created.body.data;
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    expect(Object.keys(record).sort()).toEqual(WEBHOOK_KEYS);
    expect(record).toMatchObject({ url: RECEIVER, events: ['order/paid', 'order/created'], status: 'active', disabled_reason: null });
    expect(record.created_at).toMatch(ZONED);
    hook = record;

    const read = await shop.get(`/v1/webhooks/${hook.id}.json`);
    expect(read.body).toEqual({ data: hook, meta: { code: 200, api_version: '1.0' } });
    expect(JSON.stringify(read.body)).not.toContain('whsec_');
  });

  it("lists the store's webhooks flat in data.webhooks, without secrets", async () => {
    const listed = await shop.get('/v1/webhooks.json');

    expect(listed.status).toBe(200);
    expect(listed.body.data.webhooks).toContainEqual(hook);
    for (const webhook of listed.body.data.webhooks) expect(Object.keys(webhook).sort()).toEqual(WEBHOOK_KEYS);
    expect(JSON.stringify(listed.body)).not.toContain('whsec_');
  });

  it('creates from the query string of a POST with no body, as clients of the original service do', async () => {
    const query = `url=${encodeURIComponent(RECEIVER)}&events=${encodeURIComponent('["product/created","shipping_group/*"]')}`;
    const created = await shop.raw('POST', `/v1/webhooks.json?${query}`, undefined);

    expect(created.status).toBe(200);
    expect(created.body.data).toMatchObject({
      url: RECEIVER,
      events: ['product/created', 'shipping_group/*'],
      status: 'active',
      secret: expect.stringMatching(/^whsec_/),
    });
  });

  it("updates at the spec's /v1/webhoooks/:id, as a form and from the query alone", async () => {
    const form = await shop.put(
      `/v1/webhoooks/${hook.id}.json`,
      { events: 'order/shipped,fulfillment/updated', url: 'https://93.184.215.15/v2' },
      'form',
    );
    expect(form.status).toBe(200);
    expect(form.body.data).toMatchObject({
      id: hook.id,
      url: 'https://93.184.215.15/v2',
      events: ['order/shipped', 'fulfillment/updated'],
      created_at: hook.created_at,
    });
    expect(form.body.data).not.toHaveProperty('secret');

    const disabled = await shop.put(`/v1/webhoooks/${hook.id}`, { enabled: 'false' }, 'query');
    expect(disabled.body.data).toMatchObject({ status: 'disabled', disabled_reason: expect.any(String) });
    const enabled = await shop.put(`/v1/webhooks/${hook.id}`, { enabled: true });
    expect(enabled.body.data).toMatchObject({ status: 'active', disabled_reason: null });
    expect((await shop.get(`/v1/webhoooks/${hook.id}`)).body.data).toEqual(enabled.body.data);
  });

  it('refuses private targets and topics that are not public, 422 per field', async () => {
    const local = await shop.post('/v1/webhooks.json', { url: 'http://localhost:9000/hook', events: ['order/paid'] });
    expect(local.status).toBe(422);
    expect(local.body.meta.errors.url[0]).toMatch(/resolves to a loopback address/);
    expect(local.body.meta.errors.url[0]).toContain('WEBHOOK_ALLOW_PRIVATE_NETWORKS=true');
    for (const url of ['https://198.18.0.1/hook', 'https://[2002:c612:1::1]/hook', 'https://[::ffff:198.18.0.1]/hook']) {
      const benchmarking = await shop.post('/v1/webhooks.json', { url, events: ['order/paid'] });
      expect(benchmarking.status).toBe(422);
      expect(benchmarking.body.meta.errors.url[0]).toMatch(/^points to a reserved address/);
    }

    const both = await shop.post('/v1/webhooks.json', { url: 'http://10.0.0.5/hook', events: '["order/paid","order/exploded"]' }, 'form');
    expect(both.status).toBe(422);
    expect(both.body.meta).toMatchObject({
      error_type: 'ValidationError',
      errors: {
        url: [expect.stringMatching(/private address \(10\.0\.0\.5\)/)],
        events: ['has a topic that is not a public topic: "order/exploded"'],
      },
    });

    const noTopics = await shop.put(`/v1/webhoooks/${hook.id}`, { events: [] });
    expect(noTopics.status).toBe(422);
    expect(noTopics.body.meta.errors).toEqual({ events: ['must name at least one topic'] });
  });

  it("answers 404 for another store's webhook at both spellings, and lists none of them", async () => {
    for (const spelling of ['webhooks', 'webhoooks']) {
      expect((await rival.get(`/v1/${spelling}/${hook.id}.json`)).status).toBe(404);
      expect((await rival.put(`/v1/${spelling}/${hook.id}.json`, { events: ['order/paid'] })).status).toBe(404);
      expect((await rival.delete(`/v1/${spelling}/${hook.id}.json`)).status).toBe(404);
    }
    expect((await rival.get('/v1/webhooks.json')).body.data.webhooks).toEqual([]);
    expect((await shop.get(`/v1/webhooks/${hook.id}`)).status).toBe(200);
  });

  it('deletes at /v1/webhoooks/:id, answering the webhook; then it is gone', async () => {
    const deleted = await shop.delete(`/v1/webhoooks/${hook.id}.json`);

    expect(deleted.status).toBe(200);
    expect(deleted.body.data).toMatchObject({ id: hook.id, url: 'https://93.184.215.15/v2' });
    expect(deleted.body.data).not.toHaveProperty('secret');
    const gone = await shop.get(`/v1/webhooks/${hook.id}.json`);
    expect(gone.status).toBe(404);
    expect(gone.body.error).toBe('Webhook not found');
    expect((await shop.delete(`/v1/webhooks/${hook.id}`)).status).toBe(404);
    expect((await shop.get('/v1/webhooks')).body.data.webhooks.map((webhook: JsonBody) => webhook.id)).not.toContain(hook.id);
  });

  it('keeps the key that seals signing secrets in DATA_DIR/webhooks/secret.key, readable by its owner only', () => {
    const keyFile = path.join(world.stack.env.DATA_DIR!, 'webhooks', 'secret.key');
    expect(fs.statSync(keyFile).mode & 0o777).toBe(0o600);
  });
});

/**
 * Issue 14 item 5, seeing and repairing (docs/webhooks.md#seeing-and-repairing-deliveries, docs/webhooks.md): deliveries, retry, replay,
 * a webhook/test ping and the events feed. The receiver is on loopback, so the webhooks service is started again
 * with private targets allowed (same DATA_DIR, same key).
 */
describe('deliveries, retry, replay, test ping and the events feed through the whole stack', () => {
  let webhookId: number;

  beforeAll(async () => {
    await world.stack.killService('webhooks', 'SIGTERM');
    await world.stack.startService('webhooks', { WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true' });
  });

  it("shows a product event's delivery in GET deliveries, with its attempt, and the event in GET /v1/events", async () => {
    const base = await receiver.listen();
    const created = await shop.post('/v1/webhooks.json', { url: `${base}/repair`, events: ['product/created'] });
    expect(created.status).toBe(200);
    receiver.secretFor('/repair', created.body.data.secret);
    webhookId = created.body.data.id;

    const product = await shop.post('/v1/products.json', { name: 'Repair Mug', cents: 1200 });
    expect(product.status).toBe(200);
    const [arrival] = await waitFor(
      () => (receiver.acceptedOf('product/created').length > 0 ? receiver.acceptedOf('product/created') : undefined),
      { timeoutMs: 20_000 },
    );
    expect(arrival.resourceId).toBe(product.body.data.id);

    const listed = await waitFor(
      async () => {
        const answer = await shop.get(`/v1/webhooks/${webhookId}/deliveries.json`);
        return answer.body.data?.deliveries?.[0]?.status === 'delivered' ? answer : undefined;
      },
      { timeoutMs: 10_000 },
    );
    expect(listed.status).toBe(200);
    const [delivery] = listed.body.data.deliveries;
    expect(delivery).toMatchObject({
      webhook_id: webhookId,
      event_id: arrival.webhookId,
      topic: 'product/created',
      status: 'delivered',
      next_attempt_at: null,
    });
    expect(delivery.attempts).toEqual([
      expect.objectContaining({ attempt: 1, status_code: 204, error: null, attempted_at: expect.stringMatching(ZONED) }),
    ]);
    // Its one delivery is the whole list: no next page.
    expect(listed.body.pagination).toEqual({ limit: 50, next_url: null });
    expect(listed.headers.get('link')).toBeNull();
    const byOne = await shop.get(`/v1/webhooks/${webhookId}/deliveries.json?limit=1`);
    expect(byOne.body.pagination.next_url).toBeNull();

    const feed = await shop.get('/v1/events.json?topic=product%2Fcreated');
    expect(feed.status).toBe(200);
    expect(feed.body.data.events).toContainEqual(
      expect.objectContaining({
        id: arrival.webhookId,
        topic: 'product/created',
        resource: expect.objectContaining({ id: product.body.data.id, name: 'Repair Mug' }),
      }),
    );
    expect((await shop.get('/v1/events?topic=webhook%2Ftest')).status).toBe(422);
    expect((await rival.get('/v1/events')).body.data.events).not.toContainEqual(expect.objectContaining({ id: arrival.webhookId }));
  });

  it('sends a webhook/test ping that arrives verified and shows in the deliveries', async () => {
    const sent = await shop.post(`/v1/webhooks/${webhookId}/test`, {});
    expect(sent.status).toBe(200);
    expect(sent.body.data).toMatchObject({ topic: 'webhook/test', webhook_id: webhookId });

    const [ping] = await waitFor(() => (receiver.acceptedOf('webhook/test').length > 0 ? receiver.acceptedOf('webhook/test') : undefined), {
      timeoutMs: 20_000,
    });
    expect(ping.webhookId).toBe(sent.body.data.event_id);
    expect(ping.body).toMatchObject({ type: 'webhook/test', data: { webhook_id: webhookId, message: expect.any(String) } });
    expect(receiver.rejected).toEqual([]);
    const listed = await shop.get(`/v1/webhoooks/${webhookId}/deliveries`);
    expect(listed.body.data.deliveries.map((delivery: JsonBody) => delivery.topic)).toContain('webhook/test');
  });

  it('retries a delivery and replays since a time: the same webhook-id arrives again', async () => {
    const [first] = receiver.acceptedOf('product/created');
    const { deliveries } = (await shop.get(`/v1/webhooks/${webhookId}/deliveries`)).body.data;
    const delivery = deliveries.find((one: JsonBody) => one.event_id === first.webhookId);

    const retried = await shop.post(`/v1/webhooks/${webhookId}/deliveries/${delivery.id}/retry`, {});
    expect(retried.status).toBe(200);
    expect(retried.body.data).toMatchObject({ id: delivery.id, status: 'pending' });
    await waitFor(() => ((receiver.repeats.get(first.webhookId) ?? 0) >= 1 ? true : undefined), { timeoutMs: 20_000 });

    expect((await shop.post(`/v1/webhooks/${webhookId}/replay`, {})).status).toBe(422);
    // 253402300800 is 10000-01-01: no event occurred that late (it replayed every event)
    expect((await shop.post(`/v1/webhooks/${webhookId}/replay?since=253402300800`, {})).body.data).toEqual({
      webhook_id: webhookId,
      events: 0,
      scheduled: 0,
    });
    const since = Math.floor(Date.now() / 1000) - 600;
    const replayed = await shop.post(`/v1/webhooks/${webhookId}/replay?since=${since}`, {});
    expect(replayed.status).toBe(200);
    expect(replayed.body.data).toMatchObject({ webhook_id: webhookId, scheduled: 1 });
    expect(replayed.body.data.events).toBeGreaterThanOrEqual(1);
    await waitFor(() => ((receiver.repeats.get(first.webhookId) ?? 0) >= 2 ? true : undefined), { timeoutMs: 20_000 });
  });

  it("answers 404 for another store's webhook on every route", async () => {
    expect((await rival.get(`/v1/webhooks/${webhookId}/deliveries`)).status).toBe(404);
    expect((await rival.post(`/v1/webhooks/${webhookId}/test`, {})).status).toBe(404);
    expect((await rival.post(`/v1/webhooks/${webhookId}/replay?since=0`, {})).status).toBe(404);
    expect((await rival.post(`/v1/webhooks/${webhookId}/deliveries/1/retry`, {})).status).toBe(404);
  });
});
