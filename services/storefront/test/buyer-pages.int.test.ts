import { randomUUID } from 'node:crypto';
import { Server, ServerCredentials } from '@grpc/grpc-js';
import { notifications, orders, shipping, storefront } from '@commerce/contracts';
import { waitFor } from '@commerce/testing';
import { aProduct, aRenderRequest, aStore, pageWhen, startPageHarness, type PageHarness } from './page.fixture';

let harness: PageHarness;

beforeAll(async () => {
  harness = await startPageHarness();
});

afterAll(() => harness?.stop());

const render = (storeId: number, overrides: Partial<storefront.RenderPageRequest> = {}) =>
  harness.client.renderPage(aRenderRequest(storeId, overrides));

/** A store that ships to the US, with a product in stock the projection already shows. */
async function aShop() {
  const store = await aStore(harness);
  const { shipping_class: standard } = await harness.shipping.createShippingClass(
    shipping.CreateShippingClassRequest.fromPartial({ store_id: store.id, name: 'Standard', countries: ['US'] }),
  );
  const { shipping_group: group } = await harness.shipping.createShippingGroup(
    shipping.CreateShippingGroupRequest.fromPartial({
      store_id: store.id,
      name: 'Parcels',
      rates: [{ shipping_class_id: standard!.id, first_item_in_cents: 500, additional_item_in_cents: 100 }],
    }),
  );
  const tea = await aProduct(harness, store.id, { name: 'Green Tea', cents: 1250, shipping_group_id: group!.id }, 10);
  const variantId = tea.variants[0]!.id;
  await pageWhen(
    harness,
    aRenderRequest(store.id, { path: `/products/${tea.id}` }),
    (page) => page.body.includes('10 in stock'),
    'the product in stock',
  );
  return { store, tea, variantId };
}

/** Ada's order of two of the variant, placed and paid at orders. */
async function placeOrder(storeId: number, variantId: number): Promise<orders.Order | undefined> {
  const { order } = await harness.orders.createOrder(
    orders.CreateOrderRequest.fromPartial({
      store_id: storeId,
      checkout_key: randomUUID(),
      email: 'ada@example.com',
      address: { name: 'Ada Lovelace', address_1: '1 Main St', city: 'Springfield', postal: '12345', state: 'IL', country: 'US' },
      lines: [{ variant_id: variantId, quantity: 2 }],
      payment_token: 'tok_visa',
    }),
  );
  return order;
}

/**
 * A notifications at the address the storefront was given that takes every GetReceipt and never answers (a service
 * stuck, or a network dropping its answers); `calls` counts what reached it.
 */
async function silentNotifications(address: string): Promise<{ calls: () => number; stop: () => void }> {
  let calls = 0;
  const server = new Server();
  server.addService(notifications.NotificationsServiceService, {
    getReceipt: () => void calls++,
  } as unknown as notifications.NotificationsServiceServer);
  await new Promise<number>((resolve, reject) =>
    server.bindAsync(address, ServerCredentials.createInsecure(), (error, port) => (error ? reject(error) : resolve(port))),
  );
  return { calls: () => calls, stop: () => server.forceShutdown() };
}

describe('RenderPage: cart, checkout and confirmation', () => {
  it("shows the buyer's cart with a form per line on the base path, and the cart count on every page", async () => {
    const { store, variantId } = await aShop();
    const cart = [
      { variant_id: variantId, quantity: 3 },
      { variant_id: 999_999, quantity: 1 },
    ];

    const page = await render(store.id, { path: '/cart', cart, csrf_token: 'tok-1' });

    expect(page.status).toBe(200);
    expect(page.body).toContain('<span id="cart-count">3</span>');
    expect(page.body).toContain('<span id="cart-subtotal">$37.50</span>');
    expect(page.body).toContain('<form method="post" action="/s/shop/cart">');
    expect(page.body).toContain(`<input type="hidden" name="variant_id" value="${variantId}">`);
    expect(page.body).toContain('<input type="hidden" name="action" value="set">');
    expect(page.body).toContain('<input type="hidden" name="action" value="remove">');
    expect(page.body).toContain(`<input type="number" name="quantity" id="quantity-${variantId}" min="0" value="3">`);
    expect(page.body).toContain('<input type="hidden" name="csrf_token" value="tok-1">');
    expect((await render(store.id, { path: '/contact', cart })).body).toContain('<span id="cart-count">3</span>');
    expect((await render(store.id, { path: '/cart' })).body).toContain('id="cart-empty"');
  });

  it('writes the checkout form with one hidden pair per cart line; a refusal shows again with what the buyer typed, escaped', async () => {
    const { store, variantId } = await aShop();
    const request = {
      path: '/checkout',
      base_path: '',
      cart: [{ variant_id: variantId, quantity: 2 }],
      csrf_token: 'tok-2',
      checkout_error: 'Please check the <highlighted> fields',
      field_errors: [
        { field: 'email', message: 'is not an email' },
        { field: 'address[country]', message: 'is not a country' },
      ],
      checkout_form: { email: '"><script>x()</script>', 'address[name]': 'Ada', 'address[country]': 'ZZ', user_note: 'ring <twice>' },
    };

    const page = await render(store.id, request);

    expect(page.status).toBe(200);
    expect(page.body).toContain('<form method="post" action="/checkout" id="checkout-form">');
    expect(page.body).toContain('<input type="hidden" name="csrf_token" value="tok-2">');
    expect(page.body).toContain(
      `<input type="hidden" name="items[0][variant_id]" value="${variantId}"><input type="hidden" name="items[0][quantity]" value="2">`,
    );
    for (const name of [
      'email',
      'address[name]',
      'address[address_1]',
      'address[address_2]',
      'address[city]',
      'address[state]',
      'address[postal]',
      'address[country]',
      'payment_token',
    ]) {
      expect(page.body).toContain(`name="${name}"`);
    }
    expect(page.body).toContain('<textarea name="user_note" id="user_note" rows="3">ring &lt;twice&gt;</textarea>');
    expect(page.body).toContain('Please check the &lt;highlighted&gt; fields');
    expect(page.body).toContain('value="&quot;&gt;&lt;script&gt;x()&lt;/script&gt;"');
    expect(page.body).not.toContain('<script>x()');
    expect(page.body).toContain('<div class="field-error" id="email-error">is not an email</div>');
    expect(page.body).toContain('<div class="field-error" id="address_country-error">is not a country</div>');
    expect(page.body).toContain('<input type="text" name="address[name]" id="address_name" value="Ada"');
  });

  it('shows a refusal even when none of its lines is in the cart (a form of its own, a line the site no longer shows)', async () => {
    const { store } = await aShop();
    const page = await render(store.id, {
      path: '/checkout',
      cart: [{ variant_id: 999_999, quantity: 1 }],
      checkout_error: 'Validation failed',
      field_errors: [{ field: 'items[0][variant_id]', message: 'is not for sale here' }],
    });

    expect(page.body).toContain('id="checkout-error"');
    expect(page.body).toContain('<li>items[0][variant_id]: is not for sale here</li>');
    expect(page.body).toContain('id="cart-empty"');
  });

  it('confirms a placed order with its items and totals, read from the orders service', async () => {
    const { store, variantId } = await aShop();
    const order = await placeOrder(store.id, variantId);

    const page = await render(store.id, { path: '/orders/any-token', order_id: order!.id });

    expect(page.status).toBe(200);
    expect(page.body).toContain(`<strong id="order-id">#${order!.id}</strong>`);
    expect(page.body).toContain('<strong id="order-status">open</strong>');
    expect(page.body).toContain('<span id="order-subtotal">$25.00</span>');
    expect(page.body).toContain('<span id="order-shipping">$6.00</span>');
    expect(page.body).toContain('<span id="order-total">$31.00</span>');
    expect(page.body).toContain('Green Tea');
    expect(page.body).toContain('Ada Lovelace');
    // Notifications does not answer here (nothing listens at its address): the page still renders, promises no receipt
    // and says where the order can be seen again.
    expect(page.body).not.toMatch(/receipt (goes|was sent) to/i);
    expect(page.body).toContain(`<p id="order-receipt">Keep this page's address to see your order again.</p>`);

    const otherStore = await aStore(harness);
    expect((await render(otherStore.id, { path: '/orders/any-token', order_id: order!.id })).status).toBe(404);
    expect((await render(store.id, { path: '/orders/any-token', order_id: 0 })).status).toBe(404);
  });

  it('renders the confirmation promising no receipt, within a fraction of a second, when notifications never answers', async () => {
    const { store, variantId } = await aShop();
    const order = await placeOrder(store.id, variantId);
    const silent = await silentNotifications(harness.siblings.notifications.address);
    try {
      // The storefront's channel to notifications may still be waiting to reconnect (nothing listened there): render
      // until a GetReceipt reaches the silent server, then judge that render.
      const { page, elapsedMs } = await waitFor(
        async () => {
          const started = Date.now();
          const rendered = await render(store.id, { path: '/orders/any-token', order_id: order!.id });
          return silent.calls() > 0 ? { page: rendered, elapsedMs: Date.now() - started } : undefined;
        },
        { timeoutMs: 15_000, intervalMs: 100, message: 'a GetReceipt reaching the silent notifications' },
      );
      expect(page.status).toBe(200);
      expect(page.body).toContain(`<p id="order-receipt">Keep this page's address to see your order again.</p>`);
      // GetReceipt's deadline is 300 ms (the orders read beside it takes a few); the backend deadline would be 3 s.
      expect(elapsedMs).toBeGreaterThanOrEqual(250);
      expect(elapsedMs).toBeLessThan(1_500);
    } finally {
      silent.stop();
    }
  });

  it('counts a page answered 200 to a GET as a page view; not the stylesheet, a 404 or a HEAD', async () => {
    const store = await aStore(harness);
    // Each from a client of its own (the User-Agent tells them apart), so that each would count if it counted at all.
    const browser = (name: string) => ({
      user_agent: `Mozilla/5.0 (X11; Linux x86_64) Firefox/120.0 ${name}`,
      client_address: '203.0.113.7',
      referer: '',
      page_view: true,
    });
    // Four other clients whose requests must not count: the stylesheet, a 404, the product page of no product, a HEAD.
    await render(store.id, { path: '/store.css', ...browser('css-only') });
    await render(store.id, { path: '/nope', ...browser('not-found-only') });
    await render(store.id, { path: '/products/999999', ...browser('missing-product-only') });
    await render(store.id, { path: '/', ...browser('head-only'), page_view: false });
    await render(store.id, { path: '/', ...browser('counted') });

    const visits = await waitFor(
      async () => {
        const answer = await harness.visits.getStoreVisits({ store_id: store.id, marketplace_only: false });
        const total = answer.daily_visits.reduce((sum, day) => sum + day.visits, 0);
        return total > 0 ? answer : undefined;
      },
      { timeoutMs: 10_000, message: 'the page view counted' },
    );
    expect(visits.daily_visits.reduce((sum, day) => sum + day.visitors, 0)).toBe(1);
  });
});
