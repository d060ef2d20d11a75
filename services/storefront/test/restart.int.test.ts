import { storefront } from '@commerce/contracts';
import { aCreateStoreRequest, startStorefrontHarness, type StorefrontHarness } from './storefront.fixture';

let harness: StorefrontHarness;

beforeAll(async () => {
  harness = await startStorefrontHarness();
});

afterAll(() => harness?.stop());

describe('a restarted storefront service on the same DATA_DIR', () => {
  it('still has its stores, their subdomains, request keys and event sequence', async () => {
    const request = aCreateStoreRequest({ subdomain: 'durable', request_key: 'durable-key' });
    const { store: created } = await harness.client.createStore(request);
    const { store: updated } = await harness.client.updateStore(
      storefront.UpdateStoreRequest.fromPartial({ store_id: created!.id, name: 'Before restart', custom_domain: 'durable.example.com' }),
    );

    await harness.restart();

    expect((await harness.client.getStore({ store_id: created!.id })).store).toEqual(updated);
    expect((await harness.client.createStore(request)).store!.id).toBe(created!.id);
    const { store: other } = await harness.client.createStore(aCreateStoreRequest());
    expect(other!.id).toBeGreaterThan(created!.id);

    await harness.client.updateStore(storefront.UpdateStoreRequest.fromPartial({ store_id: created!.id, name: 'After restart' }));
    const events = await harness.waitForEvents('storefront', 2, { store_id: created!.id, topic: 'store/updated' });
    expect(events.map((event) => [event.sequence, event.resource.name])).toEqual([
      [2, 'Before restart'],
      [3, 'After restart'],
    ]);
  });
});
