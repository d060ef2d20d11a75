import fs from 'node:fs';
import path from 'node:path';
import type { ApiClient } from '../support/api.client';
import type { JsonBody } from '../support/stack.harness';
import { startTwoStoreStack, type TwoStoreStack } from '../support/two-stores.fixture';

/**
 * Issue 14, first increment: webhook records through the whole stack (spec 4.12, DESIGN §6, §8). The stack runs
 * with WEBHOOK_ALLOW_PRIVATE_NETWORKS unset, so receivers are public addresses; creation resolves host names,
 * and this machine may have no DNS, hence literal addresses.
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

afterAll(() => world?.stop());

describe('webhooks through the whole stack (spec 4.12)', () => {
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

  it('lists the store\'s webhooks flat in data.webhooks, without secrets', async () => {
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
    expect(created.body.data).toMatchObject({ url: RECEIVER, events: ['product/created', 'shipping_group/*'], status: 'active', secret: expect.stringMatching(/^whsec_/) });
  });

  it('updates at the spec\'s /v1/webhoooks/:id, as a form and from the query alone', async () => {
    const form = await shop.put(`/v1/webhoooks/${hook.id}.json`, { events: 'order/shipped,fulfillment/updated', url: 'https://93.184.215.15/v2' }, 'form');
    expect(form.status).toBe(200);
    expect(form.body.data).toMatchObject({ id: hook.id, url: 'https://93.184.215.15/v2', events: ['order/shipped', 'fulfillment/updated'], created_at: hook.created_at });
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

    const both = await shop.post('/v1/webhooks.json', { url: 'http://10.0.0.5/hook', events: '["order/paid","order/exploded"]' }, 'form');
    expect(both.status).toBe(422);
    expect(both.body.meta).toMatchObject({ error_type: 'ValidationError', errors: { url: [expect.stringMatching(/private address \(10\.0\.0\.5\)/)], events: ['has a topic that is not a public topic: "order/exploded"'] } });

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
