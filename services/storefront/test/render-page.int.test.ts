import { catalog, storefront } from '@commerce/contracts';
import { aProduct, aRenderRequest, aStore, pageWhen, setStock, startPageHarness, type PageHarness } from './page.fixture';

let harness: PageHarness;

beforeAll(async () => {
  harness = await startPageHarness();
});

afterAll(() => harness?.stop());

const render = (storeId: number, overrides: Partial<storefront.RenderPageRequest> = {}) =>
  harness.client.renderPage(aRenderRequest(storeId, overrides));

describe('RenderPage: products from the catalog projection', () => {
  it('lists the products catalog created on the home page, with photos, prices and links on the base path', async () => {
    const store = await aStore(harness);
    const tea = await aProduct(harness, store.id, { name: 'Green Tea', cents: 1250, photo_urls: ['https://cdn.example/tea.jpg'] });
    const mug = await aProduct(harness, store.id, { name: 'Mug & Saucer', cents: 450 });

    const home = await pageWhen(
      harness,
      aRenderRequest(store.id),
      (page) => page.body.includes('Mug &amp; Saucer') && page.body.includes('Green Tea'),
      'both products on the home page',
    );

    expect(home).toMatchObject({ status: 200, content_type: 'text/html; charset=utf-8' });
    expect(home.body).toContain(`href="/s/shop/products/${tea.id}"`);
    expect(home.body).toContain(`href="/s/shop/products/${mug.id}"`);
    expect(home.body).toContain('$12.50');
    expect(home.body).toContain('$4.50');
    expect(home.body).toContain('src="https://cdn.example/tea.jpg?w=400&amp;h=400&amp;fit=max"');
    expect(home.body).toContain('<link rel="stylesheet" href="/s/shop/store.css">');
    expect(home.body).toContain(`<title>${store.name}</title>`);
  });

  it('shows a product on each of its addresses with its stock and the cart form, and follows stock moves', async () => {
    const store = await aStore(harness);
    const tea = await aProduct(harness, store.id, { name: 'Oolong', cents: 900 }, 7);
    const variantId = tea.variants[0]!.id;
    const request = aRenderRequest(store.id, { path: `/product/${tea.id}-oolong`, base_path: '', csrf_token: 'csrf-123' });

    const page = await pageWhen(harness, request, (answer) => answer.body.includes('7 in stock'), 'the product page with its stock');

    expect(page.status).toBe(200);
    expect(page.body).toContain('<form method="post" action="/cart" class="add-to-cart" id="add-to-cart-form">');
    expect(page.body).toContain('<input type="hidden" name="csrf_token" value="csrf-123">');
    expect(page.body).toContain('<input type="hidden" name="action" value="add">');
    expect(page.body).toContain(`<input type="hidden" name="variant_id" value="${variantId}">`);
    expect(page.body).toContain('name="quantity"');
    expect(page.body).toContain('<title>Oolong · ');
    for (const path of [`/products/${tea.id}`, `/p/${tea.id}`, `/product/${tea.id}`]) {
      expect((await render(store.id, { path, base_path: '', csrf_token: 'csrf-123' })).body).toBe(page.body);
    }

    await setStock(harness, store.id, tea, 0);
    const soldOut = await pageWhen(harness, request, (answer) => answer.body.includes('id="sold-out"'), 'the product sold out');
    expect(soldOut.body).not.toContain('add-to-cart-form');
  });

  it('drops a deleted product from the site: its page is the not-found page with 404', async () => {
    const store = await aStore(harness);
    const kept = await aProduct(harness, store.id, { name: 'Kept Tea' });
    const gone = await aProduct(harness, store.id, { name: 'Gone Tea' });
    await pageWhen(harness, aRenderRequest(store.id, { path: `/products/${gone.id}` }), (page) => page.status === 200, 'the product page');

    await harness.catalog.deleteProduct(catalog.DeleteProductRequest.fromPartial({ store_id: store.id, product_id: gone.id }));

    const missing = await pageWhen(
      harness,
      aRenderRequest(store.id, { path: `/products/${gone.id}` }),
      (page) => page.status === 404,
      'the deleted product to be gone',
    );
    expect(missing.body).toContain('Page not found');
    const home = await render(store.id);
    expect(home.body).toContain('Kept Tea');
    expect(home.body).not.toContain('Gone Tea');
    expect(kept.id).toBeLessThan(gone.id);
  });

  it('hides hidden products, and shows a collection with its products', async () => {
    const store = await aStore(harness);
    const shown = await aProduct(harness, store.id, { name: 'Shown Tea' });
    const hidden = await aProduct(harness, store.id, { name: 'Secret Tea', status: 'hidden' });
    const { collection } = await harness.catalog.createCollection(
      catalog.CreateCollectionRequest.fromPartial({ store_id: store.id, name: 'Summer <Teas>', product_ids: [shown.id, hidden.id] }),
    );
    const request = aRenderRequest(store.id, { path: `/collections/${collection!.id}` });

    const page = await pageWhen(
      harness,
      request,
      (answer) => answer.status === 200 && answer.body.includes('Shown Tea'),
      'the collection page',
    );

    expect(page.body).toContain('<h1>Summer &lt;Teas&gt;</h1>');
    expect(page.body).not.toContain('Secret Tea');
    expect((await render(store.id, { path: `/products/${hidden.id}` })).status).toBe(404);
    expect((await render(store.id)).body).toContain(`href="/s/shop/collections/${collection!.id}"`);
  });
});

describe('RenderPage: pages without products', () => {
  it('answers 404 for an unknown page, product, collection or store', async () => {
    const store = await aStore(harness);
    for (const path of ['/nope', '/products/999999', '/collections/999999', '/pages/none', '/orders/token']) {
      const page = await render(store.id, { path });
      expect({ path, status: page.status }).toEqual({ path, status: 404 });
      expect(page.body).toContain('Page not found');
      expect(page.body).toContain('<body class="page-not_found">');
    }
    const unknown = await render(987_654, { path: '/' });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toContain('Shop not found');
  });

  it('renders contact and faq from their templates, and serves the store css', async () => {
    const store = await aStore(harness);
    await harness.stores.updateStore(
      storefront.UpdateStoreRequest.fromPartial({ store_id: store.id, css: 'body { color: #123456; }', phone: '555-0100' }),
    );

    const contact = await render(store.id, { path: '/contact' });
    const faq = await render(store.id, { path: '/faq' });
    const css = await render(store.id, { path: '/store.css' });

    expect([contact.status, faq.status]).toEqual([200, 200]);
    expect(contact.body).toContain('555-0100');
    expect(faq.body).toContain('Frequently asked questions');
    expect(css).toEqual({ status: 200, content_type: 'text/css; charset=utf-8', body: 'body { color: #123456; }' });
  });

  it('shows template and layout changes on the next page view', async () => {
    const store = await aStore(harness);
    const { templates } = await harness.templates.listTemplates({ store_id: store.id });
    const home = templates.find((template) => template.kind === 'home')!;
    expect((await render(store.id)).body).toContain('<h1>Products</h1>');

    await harness.templates.updateTemplate(
      storefront.UpdateTemplateRequest.fromPartial({
        store_id: store.id,
        template_id: home.id,
        content: '<h2 id="mine">{{ store.name }} v1</h2>',
      }),
    );
    expect((await render(store.id)).body).toContain(`<h2 id="mine">${store.name} v1</h2>`);
    await harness.templates.updateTemplate(
      storefront.UpdateTemplateRequest.fromPartial({ store_id: store.id, template_id: home.id, content: '<h2 id="mine">v2</h2>' }),
    );
    expect((await render(store.id)).body).toContain('<h2 id="mine">v2</h2>');

    await harness.stores.updateStore(
      storefront.UpdateStoreRequest.fromPartial({
        store_id: store.id,
        use_default_layout: false,
        layout: '<html><body class="own">{{ content_for_layout }}<footer>{{ store.name }}</footer></body></html>',
      }),
    );
    const wrapped = await render(store.id);
    expect(wrapped.body).toBe(`<html><body class="own"><h2 id="mine">v2</h2><footer>${store.name}</footer></body></html>`);

    await harness.stores.updateStore(storefront.UpdateStoreRequest.fromPartial({ store_id: store.id, use_default_layout: true }));
    expect((await render(store.id)).body).toContain('<header class="site-header">');
  });

  it('renders a custom page at /pages/<permalink>', async () => {
    const store = await aStore(harness);
    await harness.templates.createTemplate(
      storefront.CreateTemplateRequest.fromPartial({
        store_id: store.id,
        name: 'About us',
        permalink: 'about-us',
        content: '<p id="about">We brew.</p>',
      }),
    );

    const page = await render(store.id, { path: '/pages/about-us' });

    expect(page.status).toBe(200);
    expect(page.body).toContain('<p id="about">We brew.</p>');
    expect(page.body).toContain('<a href="/s/shop/pages/about-us">About us</a>');
  });

  it('shows the Maintenance template with 503 while the store is closed; its css is still served', async () => {
    const store = await aStore(harness);
    await harness.stores.updateStore(storefront.UpdateStoreRequest.fromPartial({ store_id: store.id, storefront_open: false, css: 'p{}' }));

    for (const path of ['/', '/contact', '/cart', '/nope']) {
      const page = await render(store.id, { path });
      expect({ path, status: page.status }).toEqual({ path, status: 503 });
      expect(page.body).toContain('is closed for now');
      expect(page.body).toContain('<body class="page-maintenance">');
    }
    expect(await render(store.id, { path: '/store.css' })).toMatchObject({ status: 200, body: 'p{}' });
  });

  it('ends a runaway template with an error page, and keeps serving', async () => {
    const store = await aStore(harness);
    const { templates } = await harness.templates.listTemplates({ store_id: store.id });
    const faq = templates.find((template) => template.kind === 'faq')!;
    const bomb = '{% for i in (1..100000) %}{% for j in (1..100000) %}{{ i }}{% endfor %}{% endfor %}';
    await harness.templates.updateTemplate(
      storefront.UpdateTemplateRequest.fromPartial({ store_id: store.id, template_id: faq.id, content: bomb }),
    );

    const page = await render(store.id, { path: '/faq' });

    expect(page.status).toBe(500);
    expect(page.body).toContain('This page could not be shown');
    expect((await render(store.id, { path: '/contact' })).status).toBe(200);
  });
});
