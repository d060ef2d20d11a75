import { streamEvents, waitFor } from '@commerce/testing';
import type { ApiClient } from '../support/api.client';
import type { JsonBody } from '../support/stack.harness';
import { startTwoStoreStack, type TwoStoreStack } from '../support/two-stores.fixture';
import { WebhookReceiver } from '../support/webhook-receiver.harness';

/**
 * Issue 32 item 2: tax rates through the whole stack (docs/money.md#tax-rates): the gateway's inputs, orders' rules
 * and records, and the tax_rate/* events reaching a webhook.
 */

const TAX_RATE_KEYS = ['id', 'country', 'state', 'name', 'rate', 'applies_to_shipping', 'created_at', 'updated_at'].sort();
const ZONED = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d\d:\d\d$/;

let world: TwoStoreStack;
let shop: ApiClient;
let rival: ApiClient;
const receiver = new WebhookReceiver();

beforeAll(async () => {
  world = await startTwoStoreStack('tax-rates', ['taxshop', 'taxrival']);
  ({ shop, rival } = world);
  // The receiver is on loopback: only the webhooks service is started again with private targets allowed.
  await world.stack.killService('webhooks', 'SIGTERM');
  await world.stack.startService('webhooks', { WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true' });
});

afterAll(async () => {
  await receiver.close();
  await world?.stop();
});

describe('tax rates through the whole stack (docs/money.md#tax-rates)', () => {
  let newYork: JsonBody;
  let canada: JsonBody;
  /** The last rate written: once its event is in the stream, every earlier one is. */
  let canadaAgain: JsonBody;

  it('subscribes a webhook to the tax_rate topics', async () => {
    const base = await receiver.listen();
    const created = await shop.post('/v1/webhooks.json', {
      url: `${base}/taxes`,
      events: ['tax_rate/created', 'tax_rate/updated', 'tax_rate/deleted'],
    });
    expect(created.status).toBe(200);
    expect(created.body.data.events).toEqual(['tax_rate/created', 'tax_rate/updated', 'tax_rate/deleted']);
    receiver.secretFor('/taxes', created.body.data.secret);
  });

  it('creates from JSON, flat or wrapped, and from a form; codes upper-cased, the rate shown as the percent', async () => {
    const json = await shop.post('/v1/tax_rates.json', { country: 'us', state: 'ny', name: ' NY sales tax ', rate: 8.875 });
    expect(json.status).toBe(200);
    newYork = json.body.data;
    expect(Object.keys(newYork).sort()).toEqual(TAX_RATE_KEYS);
    expect(newYork).toMatchObject({ country: 'US', state: 'NY', name: 'NY sales tax', rate: 8.875, applies_to_shipping: false });
    expect(newYork.created_at).toMatch(ZONED);

    const wrapped = await shop.post('/v1/tax_rates.json', {
      tax_rate: { country: 'US', name: 'US', rate: '5', applies_to_shipping: true },
    });
    expect(wrapped.status).toBe(200);
    expect(wrapped.body.data).toMatchObject({ country: 'US', state: '', rate: 5, applies_to_shipping: true });

    const form = await shop.post(
      '/v1/tax_rates',
      { country: 'CA', state: 'ON', name: 'HST', rate: '13.0000', applies_to_shipping: '1' },
      'form',
    );
    expect(form.status).toBe(200);
    canada = form.body.data;
    expect(canada).toMatchObject({ country: 'CA', state: 'ON', name: 'HST', rate: 13, applies_to_shipping: true });

    const listed = await shop.get('/v1/tax_rates.json');
    expect(listed.status).toBe(200);
    expect(listed.body.data.tax_rates.map((rate: JsonBody) => `${rate.country}-${rate.state}`)).toEqual(['CA-ON', 'US-', 'US-NY']);
    expect((await shop.get(`/v1/tax_rates/${newYork.id}.json`)).body.data).toEqual(newYork);
  });

  it('answers 422 naming each bad field', async () => {
    const bad = await shop.post('/v1/tax_rates.json', { country: 'USA', state: 'N-Y', name: '', rate: 100.5 });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.meta.errors).sort()).toEqual(['country', 'name', 'rate', 'state']);

    const missing = await shop.post('/v1/tax_rates.json', {}, 'form');
    expect(missing.status).toBe(422);
    expect(Object.keys(missing.body.meta.errors).sort()).toEqual(['country', 'name', 'rate']);

    for (const rate of ['8.87501', '-1', 'abc', '1e-7']) {
      const answer = await shop.post('/v1/tax_rates.json', { country: 'DE', name: 'VAT', rate }, 'form');
      expect([rate, answer.status, Object.keys(answer.body.meta?.errors ?? {})]).toEqual([rate, 422, ['rate']]);
    }
    const huge = await shop.post('/v1/tax_rates.json', { country: 'DE', name: 'x'.repeat(10_000), rate: '9'.repeat(1_000) });
    expect(huge.status).toBe(422);
    expect(JSON.stringify(huge.body).length).toBeLessThan(3_000);
  });

  it('refuses a second rate for a (country, state): state named, country for a country-wide one', async () => {
    const again = await shop.post('/v1/tax_rates.json', { country: 'US', state: 'NY', name: 'again', rate: 1 });
    expect(again.status).toBe(422);
    expect(Object.keys(again.body.meta.errors)).toEqual(['state']);
    const wide = await shop.post('/v1/tax_rates.json', { country: 'us', name: 'again', rate: 1 });
    expect(wide.status).toBe(422);
    expect(Object.keys(wide.body.meta.errors)).toEqual(['country']);
    const moved = await shop.put(`/v1/tax_rates/${canada.id}.json`, { country: 'US', state: 'NY' });
    expect(moved.status).toBe(422);
    expect(Object.keys(moved.body.meta.errors)).toEqual(['state']);
    // Ten creates racing for one place: one wins, the others are told why.
    const racing = await Promise.all(
      Array.from({ length: 10 }, (_, i) => shop.post('/v1/tax_rates.json', { country: 'FR', name: `TVA ${i}`, rate: 20 })),
    );
    expect(racing.map((answer) => answer.status).sort()).toEqual([200, ...Array(9).fill(422)]);
    const winner = racing.find((answer) => answer.status === 200)!.body.data;
    expect((await shop.delete(`/v1/tax_rates/${winner.id}.json`)).status).toBe(200);
    // Another store has its own places.
    expect((await rival.post('/v1/tax_rates.json', { country: 'US', state: 'NY', name: 'theirs', rate: 4 })).status).toBe(200);
  });

  it("answers 404 for another store's rate, on every route, and leaves it as it was", async () => {
    expect((await rival.get(`/v1/tax_rates/${newYork.id}.json`)).status).toBe(404);
    expect((await rival.put(`/v1/tax_rates/${newYork.id}.json`, { rate: 1 })).status).toBe(404);
    expect((await rival.delete(`/v1/tax_rates/${newYork.id}.json`)).status).toBe(404);
    expect((await rival.get('/v1/tax_rates.json')).body.data.tax_rates.map((rate: JsonBody) => rate.name)).toEqual(['theirs']);
    expect((await shop.get(`/v1/tax_rates/${newYork.id}.json`)).body.data).toEqual(newYork);
    expect((await shop.get('/v1/tax_rates/999999.json')).status).toBe(404);
  });

  it('updates the fields sent, as a form or JSON; an update that changes nothing answers the rate as it is', async () => {
    const same = await shop.put(`/v1/tax_rates/${newYork.id}.json`, { rate: '8.8750', state: 'ny' }, 'form');
    expect(same.status).toBe(200);
    expect(same.body.data).toEqual(newYork);

    const changed = await shop.put(`/v1/tax_rates/${newYork.id}.json`, { tax_rate: { rate: 4.5, applies_to_shipping: true } });
    expect(changed.status).toBe(200);
    expect(changed.body.data).toMatchObject({ id: newYork.id, state: 'NY', name: 'NY sales tax', rate: 4.5, applies_to_shipping: true });
    newYork = changed.body.data;
  });

  it('deletes: answers the rate as it was, and its place is free again', async () => {
    const deleted = await shop.delete(`/v1/tax_rates/${canada.id}.json`);
    expect(deleted.status).toBe(200);
    expect(deleted.body.data).toEqual(canada);
    expect((await shop.get(`/v1/tax_rates/${canada.id}.json`)).status).toBe(404);
    expect((await shop.delete(`/v1/tax_rates/${canada.id}.json`)).status).toBe(404);
    const again = await shop.post('/v1/tax_rates.json', { country: 'CA', state: 'ON', name: 'HST', rate: 13 });
    expect(again.status).toBe(200);
    expect(again.body.data.id).not.toBe(canada.id);
    canadaAgain = again.body.data;
  });

  it('publishes tax_rate/created, updated and deleted, and delivers them to the webhook subscribed', async () => {
    const events = await waitFor(
      async () => {
        const all = (await streamEvents(await world.bus.jetstreamManager(), 'orders')).filter(
          (event) => event.store_id === world.shopStoreId,
        );
        return all.some((event) => event.topic === 'tax_rate/created' && event.resource_id === canadaAgain.id) ? all : undefined;
      },
      { timeoutMs: 10_000, message: 'the tax rate events' },
    );
    const ofNewYork = events.filter((event) => event.resource_id === newYork.id).map((event) => [event.topic, event.sequence]);
    expect(ofNewYork).toEqual([
      ['tax_rate/created', 1],
      ['tax_rate/updated', 2],
    ]);
    const deletedEvent = events.find((event) => event.topic === 'tax_rate/deleted' && event.resource_id === canada.id);
    expect(deletedEvent?.resource).toEqual(canada);

    const published = events.filter((event) => event.topic.startsWith('tax_rate/'));
    await waitFor(() => (receiver.accepted.size >= published.length ? true : undefined), {
      timeoutMs: 30_000,
      intervalMs: 250,
      message: `${published.length} deliveries (have ${receiver.accepted.size})`,
    });
    const delivered = [...receiver.accepted.values()].map((arrival) => `${arrival.topic} ${arrival.resourceId}`).sort();
    expect(delivered).toEqual(published.map((event) => `${event.topic} ${event.resource_id}`).sort());
    const updated = [...receiver.accepted.values()].find((arrival) => arrival.topic === 'tax_rate/updated');
    expect(updated?.body.data).toEqual(newYork);
    expect(receiver.rejected).toEqual([]);
  });
});
