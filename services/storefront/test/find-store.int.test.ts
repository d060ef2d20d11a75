import { status } from '@grpc/grpc-js';
import { storefront } from '@commerce/contracts';
import { rejectionOf } from '@commerce/testing';
import { aCreateStoreRequest, startStorefrontHarness, type StorefrontHarness } from './storefront.fixture';

let harness: StorefrontHarness;

beforeAll(async () => {
  harness = await startStorefrontHarness();
});

afterAll(() => harness?.stop());

const bySubdomain = (value: string) => harness.client.findStore({ address: { $case: 'subdomain', value } });
const byCustomDomain = (value: string) => harness.client.findStore({ address: { $case: 'custom_domain', value } });
const setCustomDomain = (store_id: number, custom_domain: string) =>
  harness.client.updateStore(storefront.UpdateStoreRequest.fromPartial({ store_id, custom_domain }));

async function aStore(overrides: Partial<storefront.CreateStoreRequest> = {}): Promise<storefront.Store> {
  return (await harness.client.createStore(aCreateStoreRequest(overrides))).store!;
}

describe('FindStore', () => {
  it('finds a store by its subdomain, in any case, and answers the same store as GetStore', async () => {
    const created = await aStore({ subdomain: 'finder' });

    const { store } = await bySubdomain(' FiNdEr ');

    expect(store).toEqual((await harness.client.getStore({ store_id: created.id })).store);
    expect(store!.subdomain).toBe('finder');
  });

  it('finds a store by the custom domain it claimed, in any case and with a port', async () => {
    const created = await aStore();
    await setCustomDomain(created.id, 'bolts.example.com');

    for (const host of ['bolts.example.com', 'Bolts.Example.COM', 'bolts.example.com:8443']) {
      const { store } = await byCustomDomain(host);
      expect(store).toMatchObject({ id: created.id, custom_domain: 'bolts.example.com' });
    }
  });

  it('answers NOT_FOUND for a subdomain or a custom domain no store has', async () => {
    await aStore({ subdomain: 'known' });

    for (const lookup of [bySubdomain('unknown'), byCustomDomain('nobody.example.com'), byCustomDomain('known.shops.localhost')]) {
      const error = await rejectionOf(lookup);
      expect(error.code).toBe(status.NOT_FOUND);
      expect(error.message).toBe('store not found');
    }
  });

  it('no longer finds a store by a custom domain it replaced or cleared, and finds it by the new one', async () => {
    const moved = await aStore();
    const cleared = await aStore();
    await setCustomDomain(moved.id, 'old.example.com');
    await setCustomDomain(moved.id, 'new.example.com');
    await setCustomDomain(cleared.id, 'gone.example.com');
    await setCustomDomain(cleared.id, '');

    expect((await rejectionOf(byCustomDomain('old.example.com'))).code).toBe(status.NOT_FOUND);
    expect((await rejectionOf(byCustomDomain('gone.example.com'))).code).toBe(status.NOT_FOUND);
    expect((await byCustomDomain('new.example.com')).store!.id).toBe(moved.id);
  });

  it('finds the store that took over a domain another store gave up', async () => {
    const [first, second] = [await aStore(), await aStore()];
    await setCustomDomain(first.id, 'handed-over.example.com');
    await setCustomDomain(first.id, '');
    await setCustomDomain(second.id, 'handed-over.example.com');

    expect((await byCustomDomain('handed-over.example.com')).store!.id).toBe(second.id);
  });

  it('answers INVALID_ARGUMENT for an absent or empty address', async () => {
    const absent = await rejectionOf(harness.client.findStore({ address: undefined }));
    const emptySubdomain = await rejectionOf(bySubdomain('  '));
    const emptyDomain = await rejectionOf(byCustomDomain(''));

    expect([absent.code, emptySubdomain.code, emptyDomain.code]).toEqual([
      status.INVALID_ARGUMENT,
      status.INVALID_ARGUMENT,
      status.INVALID_ARGUMENT,
    ]);
    expect(absent.fieldViolations).toEqual({ address: ['is required: a subdomain or a custom domain'] });
    expect(emptySubdomain.fieldViolations).toEqual({ subdomain: ["can't be blank"] });
    expect(emptyDomain.fieldViolations).toEqual({ custom_domain: ["can't be blank"] });
  });
});
