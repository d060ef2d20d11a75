import { presentCollection, presentProduct, presentVariant } from '@commerce/api-presenters';
import { catalog } from '@commerce/contracts';
import type { PublishedEvent } from '@commerce/testing';
import { aVariant, createProduct, startCatalogHarness, type CatalogHarness } from './catalog.fixture';

let harness: CatalogHarness;
let storeId: number;
let context: catalog.StoreContext;

beforeAll(async () => {
  harness = await startCatalogHarness();
  const store = await harness.newStore({ time_zone: 'Asia/Tokyo' });
  storeId = store.id;
  context = { time_zone: 'Asia/Tokyo', subdomain: store.subdomain, url: store.url, currency: 'USD' };
});

afterAll(() => harness?.stop());

const of = (type: string, id: number) => (event: PublishedEvent & { resource_type?: string; resource_id?: number }) =>
  event.resource_type === type && event.resource_id === id;
const topicsAndSequences = (events: PublishedEvent[]) => events.map((event) => [event.topic, event.sequence]);

describe('catalog events', () => {
  it('publishes product/created and variant/created with the records as the API renders them', async () => {
    const answer = await harness.client.createProduct(
      catalog.CreateProductRequest.fromPartial({ store_id: storeId, name: 'Matcha', cents: 2500 }),
    );
    const product = answer.product!;

    const [created] = await harness.waitForEvents('catalog', 1, { store_id: storeId, where: of('product', product.id) });
    const [variantCreated] = await harness.waitForEvents('catalog', 1, {
      store_id: storeId,
      where: of('variant', product.variants[0]!.id),
    });

    expect(created).toMatchObject({ topic: 'product/created', sequence: 1, store_id: storeId });
    expect(created!.resource).toEqual(JSON.parse(JSON.stringify(presentProduct(product, context))));
    expect(created!.resource.created_at).toMatch(/\+09:00$/);
    expect(variantCreated).toMatchObject({ topic: 'variant/created', sequence: 1 });
    expect(variantCreated!.resource).toEqual(presentVariant(product.variants[0]!, context));
  });

  it('numbers each resource its own sequence through updates and deletes', async () => {
    const product = await createProduct(harness.client, storeId, { cents: 1000 });
    const defaultId = product.variants[0]!.id;
    const { variant: large } = await harness.client.createVariant(aVariant(storeId, product.id, { name: 'Large', position: 1 }));
    await harness.client.updateProduct(
      catalog.UpdateProductRequest.fromPartial({ store_id: storeId, product_id: product.id, cents: 1100 }),
    );
    const { product: deleted } = await harness.client.deleteProduct({ store_id: storeId, product_id: product.id });

    const productEvents = await harness.waitForEvents('catalog', 4, { store_id: storeId, where: of('product', product.id) });
    const defaultEvents = await harness.waitForEvents('catalog', 3, { store_id: storeId, where: of('variant', defaultId) });
    const largeEvents = await harness.waitForEvents('catalog', 2, { store_id: storeId, where: of('variant', large!.id) });

    expect(topicsAndSequences(productEvents)).toEqual([
      ['product/created', 1],
      ['product/updated', 2],
      ['product/updated', 3],
      ['product/deleted', 4],
    ]);
    // The default variant moved to position 2 when Large took position 1, then its price followed the product's.
    expect(topicsAndSequences(defaultEvents)).toEqual([
      ['variant/created', 1],
      ['variant/updated', 2],
      ['variant/updated', 3],
    ]);
    expect(defaultEvents[1]!.resource).toMatchObject({ position: 2, cents: 1000 });
    expect(defaultEvents[2]!.resource).toMatchObject({ position: 2, cents: 1100, price: 11 });
    expect(topicsAndSequences(largeEvents)).toEqual([
      ['variant/created', 1],
      ['variant/updated', 2],
    ]);
    expect(productEvents[3]!.resource).toEqual(JSON.parse(JSON.stringify(presentProduct(deleted!, context))));
    expect(productEvents[3]!.resource.deleted_at).toEqual(expect.any(String));
  });

  it('publishes variant/deleted and product/updated when a variant goes', async () => {
    const product = await createProduct(harness.client, storeId);
    const { variant } = await harness.client.createVariant(aVariant(storeId, product.id));

    await harness.client.deleteVariant({ store_id: storeId, product_id: product.id, variant_id: variant!.id });

    const events = await harness.waitForEvents('catalog', 2, { store_id: storeId, where: of('variant', variant!.id) });
    expect(topicsAndSequences(events)).toEqual([
      ['variant/created', 1],
      ['variant/deleted', 2],
    ]);
    const productEvents = await harness.waitForEvents('catalog', 3, { store_id: storeId, where: of('product', product.id) });
    expect(productEvents.at(-1)!.resource.variants).toHaveLength(1);
  });

  it('publishes collection events and product/updated for every product whose collections changed', async () => {
    const [a, b] = [await createProduct(harness.client, storeId), await createProduct(harness.client, storeId)];
    const { collection } = await harness.client.createCollection(
      catalog.CreateCollectionRequest.fromPartial({ store_id: storeId, name: 'Teas', product_ids: [a.id] }),
    );
    const { collection: updated } = await harness.client.updateCollection(
      catalog.UpdateCollectionRequest.fromPartial({
        store_id: storeId,
        collection_id: collection!.id,
        product_ids: { product_ids: [b.id] },
      }),
    );
    await harness.client.deleteCollection({ store_id: storeId, collection_id: collection!.id });

    const collectionEvents = await harness.waitForEvents('catalog', 3, { store_id: storeId, where: of('collection', collection!.id) });
    expect(topicsAndSequences(collectionEvents)).toEqual([
      ['collection/created', 1],
      ['collection/updated', 2],
      ['collection/deleted', 3],
    ]);
    expect(collectionEvents[1]!.resource).toEqual(JSON.parse(JSON.stringify(presentCollection(updated!, context))));
    const aEvents = await harness.waitForEvents('catalog', 3, { store_id: storeId, where: of('product', a.id) });
    expect(aEvents.map((event) => [event.topic, event.resource.collections])).toEqual([
      ['product/created', []],
      ['product/updated', [collection!.id]],
      ['product/updated', []],
    ]);
    const bEvents = await harness.waitForEvents('catalog', 3, { store_id: storeId, where: of('product', b.id) });
    expect(bEvents.map((event) => event.resource.collections)).toEqual([[], [collection!.id], []]);
  });

  it('publishes collection/updated when a deleted product leaves a collection', async () => {
    const [a, b] = [await createProduct(harness.client, storeId), await createProduct(harness.client, storeId)];
    const { collection } = await harness.client.createCollection(
      catalog.CreateCollectionRequest.fromPartial({ store_id: storeId, name: 'Pair', product_ids: [a.id, b.id] }),
    );

    await harness.client.deleteProduct({ store_id: storeId, product_id: a.id });

    const events = await harness.waitForEvents('catalog', 2, { store_id: storeId, where: of('collection', collection!.id) });
    expect(events.map((event) => [event.topic, event.resource.products])).toEqual([
      ['collection/created', [a.id, b.id]],
      ['collection/updated', [b.id]],
    ]);
  });

  it('publishes nothing for an update that changes nothing', async () => {
    const product = await createProduct(harness.client, storeId, { name: 'Same' });
    await harness.client.updateProduct(
      catalog.UpdateProductRequest.fromPartial({ store_id: storeId, product_id: product.id, name: 'Same' }),
    );
    const marker = await createProduct(harness.client, storeId);
    await harness.waitForEvents('catalog', 1, { store_id: storeId, where: of('product', marker.id) });

    expect(await harness.eventsOf('catalog', { store_id: storeId })).toEqual(
      expect.not.arrayContaining([expect.objectContaining({ topic: 'product/updated', resource_id: product.id })]),
    );
  });
});
