import { catalog } from '@commerce/contracts';
import { aProduct, aRenderRequest, aStore, pageWhen, startPageHarness, type PageHarness } from './page.fixture';

let harness: PageHarness;

beforeAll(async () => {
  harness = await startPageHarness();
});

afterAll(() => harness?.stop());

describe("the storefront's catalog projection, fed by catalog's events", () => {
  it('ends at the last of many rapid changes of a product', async () => {
    const store = await aStore(harness);
    const tea = await aProduct(harness, store.id, { name: 'Tea 0', cents: 100 });
    for (let n = 1; n <= 30; n++) {
      await harness.catalog.updateProduct(catalog.UpdateProductRequest.fromPartial({ store_id: store.id, product_id: tea.id, name: `Tea ${n}`, cents: 100 + n }));
    }

    const page = await pageWhen(harness, aRenderRequest(store.id, { path: `/products/${tea.id}` }), (answer) => answer.body.includes('<h1>Tea 30</h1>'), 'the last name');

    expect(page.body).toContain('$1.30');
    const events = await harness.eventsOf('catalog', { store_id: store.id, topic: 'product/updated' });
    expect(events.length).toBeGreaterThanOrEqual(30);
  });

  it('keeps what it applied across a restart of the storefront, and follows catalog’s changes after it', async () => {
    const store = await aStore(harness);
    const before = await aProduct(harness, store.id, { name: 'Before Restart' });
    await pageWhen(harness, aRenderRequest(store.id), (page) => page.body.includes('Before Restart'), 'the first product');

    await harness.restart();
    const after = await aProduct(harness, store.id, { name: 'After Restart' });
    await harness.catalog.updateProduct(catalog.UpdateProductRequest.fromPartial({ store_id: store.id, product_id: before.id, name: 'Renamed Before' }));

    const home = await pageWhen(harness, aRenderRequest(store.id), (page) => page.body.includes('After Restart') && page.body.includes('Renamed Before'), 'both products after the restart');
    expect(home.body).not.toContain('Before Restart');
    expect(home.body.indexOf('After Restart')).toBeLessThan(home.body.indexOf('Renamed Before'));
    expect(after.id).toBeGreaterThan(before.id);
  });
});
