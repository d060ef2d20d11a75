import { status } from '@grpc/grpc-js';
import { storefront } from '@commerce/contracts';
import { rejectionOf, waitFor } from '@commerce/testing';
import { aCreateStoreRequest, startStorefrontHarness, type StorefrontHarness } from './storefront.fixture';

let harness: StorefrontHarness;

beforeAll(async () => {
  harness = await startStorefrontHarness();
});

afterAll(() => harness?.stop());

async function aStore(): Promise<storefront.Store> {
  const { store } = await harness.client.createStore(aCreateStoreRequest());
  // updated_at must be able to move on: let the clock pass the creation instant.
  await waitFor(() => Date.now() > store!.updated_at!.getTime(), { message: 'the clock to pass the creation time' });
  return store!;
}

const update = (store_id: number, changes: Omit<Partial<storefront.UpdateStoreRequest>, 'store_id'>) =>
  harness.client.updateStore(storefront.UpdateStoreRequest.fromPartial({ store_id, ...changes }));

describe('UpdateStore', () => {
  it('changes only the fields present and moves updated_at', async () => {
    const before = await aStore();

    const { store } = await update(before.id, { name: 'Renamed', storefront_open: false });

    expect(store).toEqual({ ...before, name: 'Renamed', storefront_open: false, updated_at: store!.updated_at });
    expect(store!.updated_at!.getTime()).toBeGreaterThan(before.updated_at!.getTime());
    expect((await harness.client.getStore({ store_id: before.id })).store).toEqual(store);
  });

  it('publishes exactly one store/updated with sequence 2 and the rendered store', async () => {
    const before = await aStore();

    await update(before.id, { name: 'Announced', location: 'Berlin' });
    await update(before.id, { description: 'marker' });

    const events = await harness.waitForEvents('storefront', 2, { store_id: before.id, topic: 'store/updated' });
    expect(events.map((event) => event.sequence)).toEqual([2, 3]);
    expect(events[0].resource).toMatchObject({
      id: before.id,
      name: 'Announced',
      location: 'Berlin',
      description: '',
      subdomain: before.subdomain,
    });
    expect(events[1].resource).toMatchObject({ name: 'Announced', description: 'marker' });
    expect(new Set(events.map((event) => event.id)).size).toBe(2);
  });

  it('writes and emits nothing when no field changes', async () => {
    const before = await aStore();

    const unchanged = await update(before.id, { name: before.name, storefront_open: true, time_zone: before.time_zone });
    const { store: marked } = await update(before.id, { description: 'marker' });

    expect(unchanged.store).toEqual(before);
    const events = await harness.waitForEvents('storefront', 1, { store_id: before.id, topic: 'store/updated' });
    expect(events.map((event) => [event.sequence, event.resource.description])).toEqual([[2, 'marker']]);
    expect(marked!.description).toBe('marker');
  });

  it('keeps every change of concurrent updates to different fields', async () => {
    const before = await aStore();
    const changes: Array<Omit<Partial<storefront.UpdateStoreRequest>, 'store_id'>> = [
      { name: 'Concurrent' },
      { description: 'Many hands' },
      { location: 'Lisbon' },
      { return_address: '1 Quay Street' },
      { business_name: 'Concurrent Ltd' },
      { business_type: 'Hardware' },
      { phone: '+351 21 000 0000' },
      { support_email: 'help@example.com' },
      { list_in_marketplace: true },
      { custom_domain: 'concurrent.example.com' },
    ];

    await Promise.all(changes.map((change) => update(before.id, change)));

    const { store } = await harness.client.getStore({ store_id: before.id });
    expect(store).toMatchObject(Object.assign({}, ...changes));
    const events = await harness.waitForEvents('storefront', changes.length, { store_id: before.id, topic: 'store/updated' });
    expect(events.map((event) => event.sequence).sort((a, b) => a - b)).toEqual(changes.map((_, index) => index + 2));
  });

  it('clears the custom domain when given an empty one', async () => {
    const before = await aStore();
    await update(before.id, { custom_domain: 'Shop.Example.COM' });

    const { store } = await update(before.id, { custom_domain: '' });

    expect(store!.custom_domain).toBeUndefined();
    const events = await harness.waitForEvents('storefront', 2, { store_id: before.id, topic: 'store/updated' });
    expect(events.map((event) => event.resource.custom_domain)).toEqual(['shop.example.com', null]);
  });

  it('refuses bad changes field by field and changes nothing', async () => {
    const before = await aStore();

    const error = await rejectionOf(
      update(before.id, { name: '', support_email: 'nope', time_zone: 'Nowhere/Land', custom_domain: 'not a host', phone: 'call me' }),
    );

    expect(error.code).toBe(status.INVALID_ARGUMENT);
    expect(error.fieldViolations).toEqual({
      name: ["can't be blank"],
      support_email: ['is not a valid e-mail address'],
      time_zone: ['is not a known IANA time zone'],
      phone: ['may contain only digits, spaces and + ( ) . - x'],
      custom_domain: ['is not a valid host name'],
    });
    expect((await harness.client.getStore({ store_id: before.id })).store).toEqual(before);
  });

  describe("custom domains (issue 12: a store could take another store's or the platform's host name)", () => {
    it("refuses another store's custom domain, in any spelling, and changes nothing", async () => {
      const owner = await aStore();
      const other = await aStore();
      await update(owner.id, { custom_domain: 'taken.example.com' });

      const error = await rejectionOf(update(other.id, { name: 'Thief', custom_domain: ' Taken.Example.COM ' }));

      expect(error.code).toBe(status.INVALID_ARGUMENT);
      expect(error.fieldViolations).toEqual({ custom_domain: ['is already the domain of another store'] });
      expect((await harness.client.getStore({ store_id: other.id })).store).toEqual(other);
    });

    it('lets exactly one of two stores claiming one domain at once have it', async () => {
      const [first, second] = [await aStore(), await aStore()];
      const answers = await Promise.allSettled([
        update(first.id, { custom_domain: 'race.example.com' }),
        update(second.id, { custom_domain: 'race.example.com' }),
      ]);

      expect(answers.filter((answer) => answer.status === 'fulfilled')).toHaveLength(1);
      const holders = [];
      for (const store of [first, second])
        if ((await harness.client.getStore({ store_id: store.id })).store?.custom_domain === 'race.example.com') holders.push(store.id);
      expect(holders).toHaveLength(1);
    });

    it('frees a domain its store gave up or replaced, for any other store', async () => {
      const [first, second, third] = [await aStore(), await aStore(), await aStore()];
      await update(first.id, { custom_domain: 'moving.example.com' });
      await update(first.id, { custom_domain: 'moved.example.com' });
      await update(third.id, { custom_domain: 'dropped.example.com' });
      await update(third.id, { custom_domain: '' });

      expect((await update(second.id, { custom_domain: 'moving.example.com' })).store?.custom_domain).toBe('moving.example.com');
      expect((await update(first.id, { custom_domain: 'dropped.example.com' })).store?.custom_domain).toBe('dropped.example.com');
      // A store may set its own domain again.
      expect((await update(second.id, { custom_domain: 'moving.example.com', name: 'Same domain' })).store?.name).toBe('Same domain');
    });

    it("refuses the platform's own host names: the storefront domain, a store's subdomain, the assets host", async () => {
      const store = await aStore();
      for (const domain of ['shops.localhost', `${store.subdomain}.shops.localhost`, 'x.y.shops.localhost', 'assets.shops.localhost']) {
        const error = await rejectionOf(update(store.id, { custom_domain: domain }));
        expect(error.fieldViolations).toEqual({ custom_domain: ["is a host name of the platform and can't be a store's domain"] });
      }
    });
  });

  it('refuses a name made only of invisible characters (zero-width, control, format)', async () => {
    const store = await aStore();
    for (const name of ['\u200b\u200c\u200d', '\u0000\u0007', '\u2060\ufeff ', '\u202e']) {
      const error = await rejectionOf(update(store.id, { name }));
      expect(error.fieldViolations).toEqual({ name: ["can't be blank"] });
    }
    expect((await update(store.id, { name: 'Caf\u00e9 \u200dZ' })).store?.name).toBe('Caf\u00e9 \u200dZ');
  });

  it('answers NOT_FOUND for a store that does not exist', async () => {
    const error = await rejectionOf(update(999_999, { name: 'Ghost' }));

    expect(error.code).toBe(status.NOT_FOUND);
  });
});

describe('currency and prices_include_tax (docs/money.md#currency)', () => {
  it('sets both, the code held upper case, and refuses a code that is not ISO 4217', async () => {
    const before = await aStore();
    expect(before).toMatchObject({ currency: 'USD', prices_include_tax: false });

    const { store } = await update(before.id, { currency: ' eur ', prices_include_tax: true });
    expect(store).toMatchObject({ currency: 'EUR', prices_include_tax: true });

    const error = await rejectionOf(update(before.id, { currency: 'EURO' }));
    expect(error.code).toBe(status.INVALID_ARGUMENT);
    expect(error.message).toContain('currency is not an ISO 4217 currency code');
    expect((await harness.client.getStore({ store_id: before.id })).store).toMatchObject({ currency: 'EUR' });
  });

  it('reads a store stored before the fields existed as USD without tax, and changes it like any other', async () => {
    const before = await aStore();
    const stores = harness.service.host.db.collection('stores');
    await stores.updateOne({ id: before.id }, { $unset: { currency: '', prices_include_tax: '' } });
    expect(await stores.findOne({ id: before.id })).not.toHaveProperty('currency');

    expect((await harness.client.getStore({ store_id: before.id })).store).toMatchObject({ currency: 'USD', prices_include_tax: false });
    const { store } = await update(before.id, { name: 'Old shop' });
    expect(store).toMatchObject({ name: 'Old shop', currency: 'USD', prices_include_tax: false });
    expect((await update(before.id, { currency: 'JPY' })).store).toMatchObject({ currency: 'JPY' });
  });
});
