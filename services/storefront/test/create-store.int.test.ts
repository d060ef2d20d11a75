import { status } from '@grpc/grpc-js';
import { rejectionOf } from '@commerce/testing';
import { loadStorefrontAssets } from '../src/infra/storefront-assets';
import { aCreateStoreRequest, startStorefrontHarness, type StorefrontHarness } from './storefront.fixture';

let harness: StorefrontHarness;

beforeAll(async () => {
  harness = await startStorefrontHarness();
});

afterAll(() => harness?.stop());

describe('CreateStore', () => {
  it('creates an open store with the platform defaults and its addresses derived from the subdomain', async () => {
    const { store } = await harness.client.createStore(aCreateStoreRequest({ name: '  Bolts & Nuts ', subdomain: 'bolts', time_zone: '' }));

    expect(store).toMatchObject({
      name: 'Bolts & Nuts',
      subdomain: 'bolts',
      url: 'https://bolts.shops.localhost',
      service_url: 'bolts.shops.localhost',
      time_zone: 'America/New_York',
      storefront_open: true,
      list_in_marketplace: false,
      use_default_layout: true,
      css: loadStorefrontAssets().storeDefaults.css,
      layout: loadStorefrontAssets().storeDefaults.layout,
      owner_user_id: 7,
      support_email: 'owner@example.com',
    });
    expect(store!.id).toBeGreaterThan(0);
    expect(store!.custom_domain).toBeUndefined();
    expect(store!.created_at).toEqual(store!.updated_at);
    expect((await harness.client.getStore({ store_id: store!.id })).store).toEqual(store);
  });

  it('keeps a time zone the owner chose', async () => {
    const { store } = await harness.client.createStore(aCreateStoreRequest({ time_zone: 'Europe/Berlin' }));

    expect(store!.time_zone).toBe('Europe/Berlin');
  });

  it('lowercases and trims the subdomain', async () => {
    const { store } = await harness.client.createStore(aCreateStoreRequest({ subdomain: ' My-Shop ' }));

    expect(store!.subdomain).toBe('my-shop');
    expect(store!.url).toBe('https://my-shop.shops.localhost');
  });

  it('publishes store/created with sequence 1 and the store as the API renders it', async () => {
    const { store } = await harness.client.createStore(aCreateStoreRequest({ name: 'Event Shop' }));

    const [created] = await harness.waitForEvents('storefront', 1, { store_id: store!.id, topic: 'store/created' });

    expect(created).toMatchObject({
      topic: 'store/created',
      store_id: store!.id,
      sequence: 1,
      resource_type: 'store',
      resource_id: store!.id,
    });
    expect(created.resource).toMatchObject({
      id: store!.id,
      name: 'Event Shop',
      subdomain: store!.subdomain,
      custom_domain: null,
      storefront_open: true,
    });
  });

  describe('with a request key', () => {
    it('answers the same store to a retry and creates it once', async () => {
      const request = aCreateStoreRequest({ request_key: 'signup-retry-1' });

      const first = await harness.client.createStore(request);
      const retry = await harness.client.createStore(request);
      const marker = await harness.client.createStore(aCreateStoreRequest());
      await harness.waitForEvents('storefront', 1, { store_id: marker.store!.id, topic: 'store/created' });

      expect(retry.store).toEqual(first.store);
      expect(await harness.eventsOf('storefront', { store_id: first.store!.id, topic: 'store/created' })).toHaveLength(1);
    });

    it('answers one store to concurrent calls with the same key', async () => {
      const request = aCreateStoreRequest({ request_key: 'signup-race-1' });

      const answers = await Promise.all(Array.from({ length: 5 }, () => harness.client.createStore(request)));

      expect(new Set(answers.map(({ store }) => store!.id)).size).toBe(1);
    });

    it('answers one store to concurrent calls with the same key that name different subdomains', async () => {
      const answers = await Promise.all(
        Array.from({ length: 5 }, () => harness.client.createStore(aCreateStoreRequest({ request_key: 'signup-race-2' }))),
      );

      expect(new Set(answers.map(({ store }) => store!.id)).size).toBe(1);
    });

    it('answers the first store even when the retry names another subdomain', async () => {
      const first = await harness.client.createStore(aCreateStoreRequest({ request_key: 'signup-changed-mind' }));

      const retry = await harness.client.createStore(aCreateStoreRequest({ request_key: 'signup-changed-mind' }));

      expect(retry.store!.id).toBe(first.store!.id);
      expect(retry.store!.subdomain).toBe(first.store!.subdomain);
    });
  });

  describe('refuses bad input with INVALID_ARGUMENT and a violation per field', () => {
    it.each([
      ['too short', 'ab', 'must be 3 to 20 characters'],
      ['too long', 'a'.repeat(21), 'must be 3 to 20 characters'],
      ['reserved', 'admin', 'is reserved'],
      ['with other characters', 'my_shop', 'may contain only lowercase letters, digits and inner hyphens'],
      ['with an outer hyphen', '-shop', 'may contain only lowercase letters, digits and inner hyphens'],
    ])('a subdomain %s', async (_case, subdomain, message) => {
      const error = await rejectionOf(harness.client.createStore(aCreateStoreRequest({ subdomain })));

      expect(error.code).toBe(status.INVALID_ARGUMENT);
      expect(error.fieldViolations).toEqual({ subdomain: [message] });
    });

    it('every bad field of one request at once', async () => {
      const error = await rejectionOf(
        harness.client.createStore(
          aCreateStoreRequest({ name: ' ', support_email: 'not-an-email', time_zone: 'Mars/Olympus_Mons', paypal_email: 'paypal@' }),
        ),
      );

      expect(error.code).toBe(status.INVALID_ARGUMENT);
      expect(error.fieldViolations).toEqual({
        name: ["can't be blank"],
        support_email: ['is not a valid e-mail address'],
        time_zone: ['is not a known IANA time zone'],
        paypal_email: ['is not a valid e-mail address'],
      });
    });

    it('a subdomain another store has, whatever its case', async () => {
      await harness.client.createStore(aCreateStoreRequest({ subdomain: 'taken' }));

      const error = await rejectionOf(harness.client.createStore(aCreateStoreRequest({ subdomain: 'Taken' })));

      expect(error.code).toBe(status.INVALID_ARGUMENT);
      expect(error.fieldViolations).toEqual({ subdomain: ['has already been taken'] });
    });
  });
});

describe('GetStore', () => {
  it('answers NOT_FOUND for a store that does not exist', async () => {
    const error = await rejectionOf(harness.client.getStore({ store_id: 999_999 }));

    expect(error.code).toBe(status.NOT_FOUND);
  });

  it('answers INVALID_ARGUMENT without a store id', async () => {
    const error = await rejectionOf(harness.client.getStore({ store_id: 0 }));

    expect(error.code).toBe(status.INVALID_ARGUMENT);
    expect(error.fieldViolations).toEqual({ store_id: ['is required'] });
  });
});
