import { streamEvents, waitFor, type PublishedEvent } from '@commerce/testing';
import type { ApiClient } from '../support/api.client';
import { checkout, checkoutParams, isPlaced, stockShop, type StockedShop } from '../support/orders.fixture';
import { requestSite } from '../support/site.client';
import type { JsonBody } from '../support/stack.harness';
import { startTwoStoreStack, type TwoStoreStack } from '../support/two-stores.fixture';

/**
 * Issue 32, item 1 (docs/money.md#currency): a store's currency and prices_include_tax through the whole stack. The
 * currency decides the decimals of every `price` the API writes, the symbol and decimals of the buyer site's money,
 * and an order keeps the currency it was placed in whatever the store uses later.
 */

const NOT_A_CODE = 'is not an ISO 4217 currency code';
/** What the buyer site writes: Intl puts a no-break space between a code and the amount ("KWD 1.999"). */
const NBSP = '\u00a0';

describe('store currency through the whole stack (docs/money.md#currency)', () => {
  let world: TwoStoreStack;
  let shop: ApiClient;
  let rival: ApiClient;
  let subdomain: string;
  let stocked: StockedShop;
  let rivalStocked: StockedShop;
  /** The order placed while the store was in USD. */
  let dollarOrder: JsonBody;
  let dollarConfirmation: string;

  beforeAll(async () => {
    world = await startTwoStoreStack('currency', ['yenshop', 'yenrival'], { CHECKOUT_BURST: '1000', CHECKOUT_PER_SECOND: '1000' });
    ({ shop, rival } = world);
    subdomain = world.subdomains[0];
    stocked = await stockShop(shop, [{ name: 'Tea', cents: 1999, stock: [50] }]);
    rivalStocked = await stockShop(rival, [{ name: 'Rival Tea', cents: 1999, stock: [5] }]);
  });

  afterAll(() => world?.stop());

  const tea = () => stocked.products[0]!;
  const productPrice = async (client: ApiClient, productId: number) => (await client.get(`/v1/products/${productId}.json`)).body.data;
  /** A page of the store's buyer site, on its own host (the store's `url`). */
  const page = async (path: string, headers: Record<string, string> = {}) => {
    const storeUrl = (await shop.get('/v1/store.json')).body.data.url as string;
    return requestSite(`${storeUrl.replace(/\/$/, '')}${path}`, { headers });
  };
  /** Waits until catalog's store projection has the store's new currency (it follows store/updated). */
  const priceBecomes = (price: number) =>
    waitFor(async () => (await productPrice(shop, tea().id)).price === price, { message: `the product's price never became ${price}` });
  /** Waits until the buyer site's product page shows the text (the site's catalog projection follows catalog's events). */
  const productPageShows = (text: string) =>
    waitFor(async () => (await page(`/products/${tea().id}`)).text.includes(text), { message: `the product page never showed ${text}` });

  it('opens a store in USD, prices without tax, and writes the price with two decimals', async () => {
    const store = (await shop.get('/v1/store.json')).body.data;
    expect(store).toMatchObject({ currency: 'USD', prices_include_tax: false });
    expect(await productPrice(shop, tea().id)).toMatchObject({ cents: 1999, price: 19.99 });
    await productPageShows('$19.99');
  });

  it('places an order in USD: its currency and decimal strings, and its confirmation page in dollars', async () => {
    const placed = await checkout(world.stack.baseUrl, subdomain, checkoutParams([{ variant_id: tea().variantIds[0]!, quantity: 1 }]));
    expect(isPlaced(placed.status)).toBe(true);
    dollarOrder = placed.body!.data;
    // 1999 + shipping 500 (orders.fixture's rate) = 2499 cents.
    expect(dollarOrder).toMatchObject({ currency: 'USD', price: '24.99', subtotal: 1999, shipping: 500 });
    dollarConfirmation = placed.body!.meta.confirmation_url as string;
    const confirmation = await requestSite(dollarConfirmation);
    expect(confirmation.status).toBe(200);
    expect(confirmation.text).toContain('$24.99');
    expect(confirmation.text).toContain('$19.99');
  });

  it('takes a currency in any case and spacing, holds it upper case, and publishes it in store/updated', async () => {
    const changed = await shop.put('/v1/store.json', { currency: ' jpy ' });
    expect(changed.status).toBe(200);
    expect(changed.body.data).toMatchObject({ currency: 'JPY', prices_include_tax: false });
    expect((await shop.get('/v1/store.json')).body.data.currency).toBe('JPY');
    const updated = await waitFor(async () => {
      const events = await streamEvents<PublishedEvent>(await world.bus.jetstreamManager(), 'storefront');
      return events.find((event) => event.topic === 'store/updated' && event.store_id === world.shopStoreId);
    });
    expect(updated.resource).toMatchObject({ currency: 'JPY', prices_include_tax: false });
  });

  it('writes a product of cents 1999 as price 1999 in JPY, its variants too, and the buyer site as ¥1,999', async () => {
    await priceBecomes(1999);
    const product = await productPrice(shop, tea().id);
    expect(product).toMatchObject({ cents: 1999, price: 1999 });
    expect(product.variants[0].variant).toMatchObject({ cents: 1999, price: 1999 });
    const variant = (await shop.get(`/v1/products/${tea().id}/variants/${tea().variantIds[0]}.json`)).body.data;
    expect(variant).toMatchObject({ cents: 1999, price: 1999 });
    await productPageShows('¥1,999');
    expect((await page(`/products/${tea().id}`)).text).not.toContain('$19.99');
  });

  it('keeps the USD order in USD after the store switched: its currency, price string and confirmation page', async () => {
    const order = (await shop.get(`/v1/orders/${dollarOrder.id}.json`)).body.data;
    expect(order).toMatchObject({ currency: 'USD', price: '24.99', subtotal: 1999 });
    const confirmation = await requestSite(dollarConfirmation);
    expect(confirmation.text).toContain('$24.99');
    expect(confirmation.text).not.toContain('¥');
  });

  it('places an order in JPY: price without decimals, its confirmation page and the checkout page in yen', async () => {
    const placed = await checkout(world.stack.baseUrl, subdomain, checkoutParams([{ variant_id: tea().variantIds[0]!, quantity: 2 }]));
    expect(isPlaced(placed.status)).toBe(true);
    // 2 × 1999 + shipping 500 + 150 = 4648 yen.
    expect(placed.body!.data).toMatchObject({ currency: 'JPY', price: '4648', subtotal: 3998, shipping: 650 });
    const confirmation = await requestSite(placed.body!.meta.confirmation_url as string);
    expect(confirmation.text).toContain('¥4,648');
    expect(confirmation.text).toContain('¥3,998');
    const cart = { cookie: `sc_cart=${tea().variantIds[0]}-3` };
    for (const path of ['/cart', '/checkout']) {
      const html = (await page(path, cart)).text;
      expect(html).toContain('¥5,997');
      expect(html).not.toMatch(/\$\d/);
    }
  });

  it('writes three decimals in KWD (set through a form body): the API price 1.999 and the buyer site KWD 1.999', async () => {
    const changed = await shop.put('/v1/store.json', { currency: 'kwd' }, 'form');
    expect(changed.status).toBe(200);
    expect(changed.body.data.currency).toBe('KWD');
    await priceBecomes(1.999);
    await productPageShows(`KWD${NBSP}1.999`);
  });

  it.each([
    ['an unknown code', 'ABC'],
    ['a code with more after it', 'USD;DROP'],
    ['a number', 840],
    ['an empty string', ''],
    ['a huge string', 'Y'.repeat(5_000)],
    ['an encoded code', '%4A%50%59'],
  ])('refuses %s with 422 on currency and leaves the store as it was', async (_what, currency) => {
    const refused = await shop.put('/v1/store.json', { currency, name: 'Renamed' });
    expect(refused.status).toBe(422);
    expect(refused.body.meta.errors).toEqual({ currency: [NOT_A_CODE] });
    expect((await shop.get('/v1/store.json')).body.data).toMatchObject({ currency: 'KWD', name: expect.not.stringMatching(/^Renamed$/) });
  });

  it('round-trips prices_include_tax through JSON and a form', async () => {
    const on = await shop.put('/v1/store.json', { prices_include_tax: 'true' }, 'form');
    expect(on.status).toBe(200);
    expect(on.body.data.prices_include_tax).toBe(true);
    expect((await shop.get('/v1/store.json')).body.data).toMatchObject({ prices_include_tax: true, currency: 'KWD' });
    const off = await shop.put('/v1/store.json', { prices_include_tax: false });
    expect(off.body.data.prices_include_tax).toBe(false);
    expect((await shop.put('/v1/store.json', { prices_include_tax: 'maybe' })).status).toBe(422);
  });

  it("leaves another store's currency and prices alone", async () => {
    expect((await rival.get('/v1/store.json')).body.data.currency).toBe('USD');
    expect(await productPrice(rival, rivalStocked.products[0]!.id)).toMatchObject({ cents: 1999, price: 19.99 });
  });
});
