import { status } from '@grpc/grpc-js';
import { catalog, storefront } from '@commerce/contracts';
import { rejectionOf, waitFor } from '@commerce/testing';
import { aProduct, aRenderRequest, aStore, startPageHarness, type PageHarness } from './page.fixture';

// PreviewTemplate (docs/templates.md#preview): a template rendered as the buyer site renders its page, with the
// store's real products and collections, from saved or unsaved markup, writing nothing.

let harness: PageHarness;

beforeAll(async () => {
  harness = await startPageHarness();
});

afterAll(() => harness?.stop());

const preview = (store_id: number, template_id: number, unsaved: Partial<storefront.PreviewTemplateRequest> = {}) =>
  harness.templates.previewTemplate(storefront.PreviewTemplateRequest.fromPartial({ store_id, template_id, ...unsaved }));

async function templateOf(storeId: number, kind: string): Promise<storefront.Template> {
  return (await harness.templates.listTemplates({ store_id: storeId })).templates.find((template) => template.kind === kind)!;
}

const base64Of = (text: string) => Buffer.from(text, 'utf8').toString('base64');

describe('PreviewTemplate', () => {
  it("renders unsaved Home markup and css with the store's products in its layout, and saves nothing", async () => {
    const store = await aStore(harness);
    await aProduct(harness, store.id, { name: 'Sencha & Co', cents: 1250 });
    const home = await templateOf(store.id, 'home');
    const content = '<h1 class="hello">{{ store.name }}</h1>{% for product in products %}<p>{{ product.name }}</p>{% endfor %}';

    const answer = await waitFor(
      async () => {
        const shown = await preview(store.id, home.id, { content, css: 'body { background: rgb(1, 2, 3) }' });
        return shown.html.includes('Sencha &amp; Co') ? shown : undefined;
      },
      { timeoutMs: 15_000, message: 'the product in the preview' },
    );

    expect(answer.path).toBe('/');
    expect(answer.html).toContain(`<h1 class="hello">${store.name}</h1><p>Sencha &amp; Co</p>`);
    expect(answer.html).toContain(`<link rel="stylesheet" href="data:text/css;base64,${base64Of('body { background: rgb(1, 2, 3) }')}">`);
    expect(answer.html).toContain('<header class="site-header">');
    // The saved template, store and site are as they were.
    expect((await templateOf(store.id, 'home')).content).toBe(home.content);
    const site = await harness.client.renderPage(aRenderRequest(store.id, { base_path: '' }));
    expect(site.body).not.toContain('class="hello"');
    expect(site.body).toContain('<link rel="stylesheet" href="/store.css">');
  });

  it("previews the saved markup when none is given, a product template with the newest product, in the store's own layout", async () => {
    const store = await aStore(harness);
    const layout = '<main id="own-layout">{{ content_for_layout }}</main><a href="{{ links.css }}">css</a>';
    await harness.stores.updateStore(storefront.UpdateStoreRequest.fromPartial({ store_id: store.id, use_default_layout: false, layout }));
    await aProduct(harness, store.id, { name: 'Older' });
    const newest = await aProduct(harness, store.id, { name: 'Newest Tea' });
    const product = await templateOf(store.id, 'product');

    const answer = await waitFor(
      async () => {
        const shown = await preview(store.id, product.id);
        return shown.path === `/products/${newest.id}` ? shown : undefined;
      },
      { timeoutMs: 15_000, message: 'the newest product in the preview' },
    );

    expect(answer.html).toMatch(/^<main id="own-layout">/);
    expect(answer.html).toContain('Newest Tea');
    expect(answer.html).toContain(`<a href="data:text/css;base64,${base64Of(store.css)}">css</a>`);
    // Unsaved: the platform's layout instead.
    expect((await preview(store.id, product.id, { use_default_layout: true })).html).toContain('<header class="site-header">');
  });

  it('shows a custom page at its address, a collection template with no collection without one, and Maintenance closed', async () => {
    const store = await aStore(harness);
    const { template: about } = await harness.templates.createTemplate(
      storefront.CreateTemplateRequest.fromPartial({
        store_id: store.id,
        name: 'About',
        permalink: 'about',
        content: '<p>{{ page.title }}</p>',
      }),
    );

    const custom = await preview(store.id, about!.id);
    expect(custom.path).toBe('/pages/about');
    expect(custom.html).toContain('<p>About</p>');

    const collection = await templateOf(store.id, 'collection');
    const none = await preview(store.id, collection.id, { content: '<p id="c">{{ collection.name }}|{{ products.size }}</p>' });
    expect(none).toMatchObject({ path: '' });
    expect(none.html).toContain('<p id="c">|</p>');

    const maintenance = await templateOf(store.id, 'maintenance');
    expect((await preview(store.id, maintenance.id, { content: '<p>Back soon</p>' })).html).toContain('<p>Back soon</p>');
  });

  it('shows a collection template with the oldest collection', async () => {
    const store = await aStore(harness);
    const tea = await aProduct(harness, store.id, { name: 'Gyokuro' });
    const { collection } = await harness.catalog.createCollection(
      catalog.CreateCollectionRequest.fromPartial({ store_id: store.id, name: 'Green teas', product_ids: [tea.id] }),
    );
    const template = await templateOf(store.id, 'collection');

    const answer = await waitFor(
      async () => {
        const shown = await preview(store.id, template.id, { content: '<h1>{{ collection.name }}</h1>{{ products[0].name }}' });
        return shown.html.includes('Gyokuro') ? shown : undefined;
      },
      { timeoutMs: 15_000, message: 'the collection in the preview' },
    );
    expect(answer.path).toBe(`/collections/${collection!.id}`);
    expect(answer.html).toContain('<h1>Green teas</h1>Gyokuro');
  });

  it('refuses markup that does not parse or fails as it renders, on its field', async () => {
    const store = await aStore(harness);
    const home = await templateOf(store.id, 'home');

    const syntax = await rejectionOf(preview(store.id, home.id, { content: '<p>\n{% if x %}' }));
    expect(syntax.code).toBe(status.INVALID_ARGUMENT);
    expect(syntax.fieldViolations).toEqual({ content: ['has a Liquid syntax error on line 2: tag {% if x %} not closed'] });

    const missing = await rejectionOf(preview(store.id, home.id, { content: "{% include 'nowhere' %}" }));
    expect(Object.keys(missing.fieldViolations ?? {})).toEqual(['content']);
    expect(missing.fieldViolations!.content![0]).toMatch(/^can't be rendered: /);

    const layout = await rejectionOf(preview(store.id, home.id, { use_default_layout: false, layout: '{% for x in y %}' }));
    expect(layout.fieldViolations).toEqual({ layout: ['has a Liquid syntax error on line 1: tag {% for x in y %} not closed'] });
  });

  it("answers NOT_FOUND for another store's template and an unknown one", async () => {
    const owner = await aStore(harness);
    const home = await templateOf(owner.id, 'home');

    expect((await rejectionOf(preview((await aStore(harness)).id, home.id))).code).toBe(status.NOT_FOUND);
    expect((await rejectionOf(preview(owner.id, 999_999))).code).toBe(status.NOT_FOUND);
  });
});
