import { waitFor, type PublishedEvent } from '@commerce/testing';
import { startTwoStoreStack, type TwoStoreStack } from '../support/two-stores.fixture';
import { subjectEvents } from '../support/subject-events.harness';
import { WebhookReceiver } from '../support/webhook-receiver.harness';

/**
 * Issue 14, item 3 (docs/webhooks.md#order): per webhook, the events of one product arrive in the
 * order they happened while products go in parallel. 20 products, 50 rapid updates each (parallel across
 * products, sequential per product, named v1..v50); a real receiver on loopback verifies every request with the
 * `standardwebhooks` package. Each product's names arrive v1..v50, every event exactly once.
 */

const PRODUCTS = 20;
const UPDATES = 50;
const WIDE_OPEN = '1000000000';

let world: TwoStoreStack;
const receiver = new WebhookReceiver();

beforeAll(async () => {
  world = await startTwoStoreStack('webhook-order', ['ordershook', 'ordersrival'], {
    RATE_LIMIT_BURST: WIDE_OPEN,
    RATE_LIMIT_PER_SECOND: WIDE_OPEN,
  });
  // The receiver is on loopback: only the webhooks service is started again with private targets allowed.
  await world.stack.killService('webhooks', 'SIGTERM');
  await world.stack.startService('webhooks', { WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true' });
});

afterAll(async () => {
  await receiver.close();
  await world?.stop();
});

describe('per-resource order of webhook deliveries (issue 14, item 3)', () => {
  it("delivers each product's 50 updates in the order they happened, each exactly once, to a verifying receiver", async () => {
    const base = await receiver.listen();
    const created = await world.shop.post('/v1/webhooks.json', { url: `${base}/order`, events: ['product/updated'] });
    expect(created.status).toBe(200);
    receiver.secretFor('/order', created.body.data.secret);

    const products: number[] = [];
    for (let i = 0; i < PRODUCTS; i++) {
      const answer = await world.shop.post('/v1/products.json', { name: `p${i} v0`, cents: 100 + i });
      expect(answer.status).toBe(200);
      products.push(answer.body.data.id);
    }

    // Parallel across products, sequential per product: v1..v50, each sent when the previous one was answered.
    const failures: string[] = [];
    await Promise.all(
      products.map(async (id, i) => {
        for (let v = 1; v <= UPDATES; v++) {
          const answer = await world.shop.put(`/v1/products/${id}.json`, { name: `p${i} v${v}` });
          if (answer.status !== 200) failures.push(`product ${id} v${v}: ${answer.status}`);
        }
      }),
    );
    expect(failures).toEqual([]);

    // What catalog recorded: every product/updated of the store in its stream.
    const subject = `events.catalog.${world.shopStoreId}.product/updated`;
    const recorded = await waitFor(
      async () => {
        const events = await subjectEvents<PublishedEvent>(world.bus, 'catalog', subject);
        return events.length >= PRODUCTS * UPDATES ? events : undefined;
      },
      { timeoutMs: 60_000, intervalMs: 500, message: 'every update recorded in the catalog stream' },
    );
    expect(recorded).toHaveLength(PRODUCTS * UPDATES);

    await waitFor(() => receiver.accepted.size >= recorded.length || undefined, {
      timeoutMs: 180_000,
      intervalMs: 250,
      message: `${recorded.length} deliveries (have ${receiver.accepted.size})`,
    });
    // A moment more for anything doubled to show.
    await new Promise((resolve) => setTimeout(resolve, 2_000));

    expect(receiver.rejected).toEqual([]);
    expect([...receiver.repeats.keys()]).toEqual([]);
    expect(receiver.arrivals).toHaveLength(PRODUCTS * UPDATES);
    expect(new Set(receiver.accepted.keys())).toEqual(new Set(recorded.map((event) => event.id)));

    for (const [i, id] of products.entries()) {
      const arrived = receiver.acceptedOf('product/updated').filter((arrival) => arrival.resourceId === id);
      expect(arrived.map((arrival) => arrival.body.data.name)).toEqual(Array.from({ length: UPDATES }, (_, v) => `p${i} v${v + 1}`));
      expect(arrived.every((arrival) => arrival.body.type === 'product/updated')).toBe(true);
      // The per-resource sequence the service promises: the recorded events of this product, in stream order.
      const order = recorded.filter((event) => event.resource_id === id).map((event) => event.id);
      expect(arrived.map((arrival) => arrival.webhookId)).toEqual(order);
    }
  }, 400_000);
});
