import { catalog } from '@commerce/contracts';
import { GrpcStatus } from '@commerce/grpc-runtime';
import { rejectionOf, type PublishedEvent } from '@commerce/testing';
import { createProduct, startCatalogHarness, type CatalogHarness } from './catalog.fixture';

let harness: CatalogHarness;
let storeId: number;

beforeAll(async () => {
  harness = await startCatalogHarness();
  storeId = (await harness.newStore()).id;
});

afterAll(() => harness?.stop());

const createCollection = async (fields: Partial<catalog.CreateCollectionRequest> = {}) =>
  (await harness.client.createCollection(catalog.CreateCollectionRequest.fromPartial({ store_id: storeId, name: 'Teas', ...fields })))
    .collection!;
const updateCollection = (collectionId: number, fields: Partial<catalog.UpdateCollectionRequest>) =>
  harness.client.updateCollection(
    catalog.UpdateCollectionRequest.fromPartial({ store_id: storeId, collection_id: collectionId, ...fields }),
  );
const getCollection = async (collectionId: number) =>
  (await harness.client.getCollection({ store_id: storeId, collection_id: collectionId })).collection!;
const collectionsOf = async (productId: number) =>
  (await harness.client.getProduct({ store_id: storeId, product_id: productId })).product!.collection_ids;

describe('collections and their products', () => {
  it('creates a collection with members in the order given, and each member lists it', async () => {
    const [a, b] = [await createProduct(harness.client, storeId), await createProduct(harness.client, storeId)];

    const collection = await createCollection({ name: ' Teas ', description: 'Loose leaf', product_ids: [b.id, a.id, b.id] });

    expect(collection).toMatchObject({ name: 'Teas', description: 'Loose leaf', product_ids: [b.id, a.id] });
    expect(await getCollection(collection.id)).toEqual(collection);
    expect(await collectionsOf(a.id)).toEqual([collection.id]);
    expect(await collectionsOf(b.id)).toEqual([collection.id]);
  });

  it('sets the membership with product_ids and keeps both sides in agreement', async () => {
    const [a, b, c] = [
      await createProduct(harness.client, storeId),
      await createProduct(harness.client, storeId),
      await createProduct(harness.client, storeId),
    ];
    const collection = await createCollection({ product_ids: [a.id, b.id] });

    const { collection: updated } = await updateCollection(collection.id, { product_ids: { product_ids: [c.id, a.id] } });

    expect(updated!.product_ids).toEqual([c.id, a.id]);
    expect(await collectionsOf(a.id)).toEqual([collection.id]);
    expect(await collectionsOf(b.id)).toEqual([]);
    expect(await collectionsOf(c.id)).toEqual([collection.id]);
  });

  it('leaves the membership alone when product_ids is absent and empties it when present and empty', async () => {
    const a = await createProduct(harness.client, storeId);
    const collection = await createCollection({ product_ids: [a.id] });

    const { collection: renamed } = await updateCollection(collection.id, { name: 'Renamed', description: '' });
    const { collection: emptied } = await updateCollection(collection.id, { product_ids: { product_ids: [] } });

    expect(renamed).toMatchObject({ name: 'Renamed', description: '', product_ids: [a.id] });
    expect(emptied!.product_ids).toEqual([]);
    expect(await collectionsOf(a.id)).toEqual([]);
  });

  it('refuses unknown, deleted and foreign product ids on `products`', async () => {
    const deleted = await createProduct(harness.client, storeId);
    await harness.client.deleteProduct({ store_id: storeId, product_id: deleted.id });
    const otherStore = (await harness.newStore()).id;
    const foreign = await createProduct(harness.client, otherStore);
    const collection = await createCollection();

    const created = await rejectionOf(
      harness.client.createCollection(
        catalog.CreateCollectionRequest.fromPartial({ store_id: storeId, name: 'X', product_ids: [deleted.id] }),
      ),
    );
    const updated = await rejectionOf(updateCollection(collection.id, { product_ids: { product_ids: [foreign.id, 999_999] } }));

    expect(created.code).toBe(GrpcStatus.INVALID_ARGUMENT);
    expect(created.fieldViolations).toEqual({ products: [`has unknown product ids: ${deleted.id}`] });
    expect(updated.fieldViolations).toEqual({ products: [`has unknown product ids: ${foreign.id}, 999999`] });
  });

  it('refuses a blank name', async () => {
    const error = await rejectionOf(
      harness.client.createCollection(catalog.CreateCollectionRequest.fromPartial({ store_id: storeId, name: '  ' })),
    );

    expect(error.fieldViolations).toEqual({ name: ["can't be blank"] });
  });

  it('deleting a product removes it from its collections', async () => {
    const [a, b] = [await createProduct(harness.client, storeId), await createProduct(harness.client, storeId)];
    const collection = await createCollection({ product_ids: [a.id, b.id] });

    await harness.client.deleteProduct({ store_id: storeId, product_id: a.id });

    expect((await getCollection(collection.id)).product_ids).toEqual([b.id]);
  });

  it('deleting a collection leaves its products, which no longer list it', async () => {
    const a = await createProduct(harness.client, storeId);
    const keep = await createCollection({ product_ids: [a.id] });
    const doomed = await createCollection({ product_ids: [a.id] });
    expect(await collectionsOf(a.id)).toEqual([keep.id, doomed.id]);

    const { collection: deleted } = await harness.client.deleteCollection({ store_id: storeId, collection_id: doomed.id });

    expect(deleted).toMatchObject({ id: doomed.id, product_ids: [a.id] });
    expect(await collectionsOf(a.id)).toEqual([keep.id]);
    expect((await rejectionOf(harness.client.getCollection({ store_id: storeId, collection_id: doomed.id }))).code).toBe(
      GrpcStatus.NOT_FOUND,
    );
    expect((await rejectionOf(updateCollection(doomed.id, { name: 'Back' }))).code).toBe(GrpcStatus.NOT_FOUND);
  });

  it('lists a product page of one collection with collection_id', async () => {
    const [a, b, c] = [
      await createProduct(harness.client, storeId),
      await createProduct(harness.client, storeId),
      await createProduct(harness.client, storeId),
    ];
    const collection = await createCollection({ product_ids: [c.id, a.id] });

    const page = await harness.client.listProducts(
      catalog.ListProductsRequest.fromPartial({ store_id: storeId, collection_id: collection.id }),
    );

    expect(page.products.map(({ id }) => id)).toEqual([a.id, c.id]);
    expect(page.total).toBe(2);
    expect(page.products.map(({ id }) => id)).not.toContain(b.id);
  });
});

describe("one product's membership (PlaceCollectionProduct, RemoveCollectionProduct)", () => {
  const place = (collectionId: number, productId: number, position = 0) =>
    harness.client.placeCollectionProduct({ store_id: storeId, collection_id: collectionId, product_id: productId, position });
  const remove = (collectionId: number, productId: number) =>
    harness.client.removeCollectionProduct({ store_id: storeId, collection_id: collectionId, product_id: productId });
  const of = (type: string, id: number) => (event: PublishedEvent & { resource_type?: string; resource_id?: number }) =>
    event.resource_type === type && event.resource_id === id;
  const products = async (count: number) => {
    const made = [];
    for (let i = 0; i < count; i++) made.push((await createProduct(harness.client, storeId)).id);
    return made;
  };

  it('puts a product in last, moves a member to a position, and leaves a member where it is without one', async () => {
    const [a, b, c] = await products(3);
    const collection = await createCollection({ product_ids: [a, b] });

    const added = (await place(collection.id, c)).collection!;
    const moved = (await place(collection.id, c, 1)).collection!;
    const again = (await place(collection.id, c)).collection!;
    const pastTheEnd = (await place(collection.id, c, 99)).collection!;

    expect(added.product_ids).toEqual([a, b, c]);
    expect(moved.product_ids).toEqual([c, a, b]);
    expect(again).toEqual(moved);
    expect(pastTheEnd.product_ids).toEqual([a, b, c]);
    expect(await collectionsOf(c)).toEqual([collection.id]);
  });

  it('takes one product out and leaves the others in their order; taking it out again is NOT_FOUND', async () => {
    const [a, b, c] = await products(3);
    const collection = await createCollection({ product_ids: [a, b, c] });

    const { collection: after } = await remove(collection.id, b);
    const again = await rejectionOf(remove(collection.id, b));

    expect(after!.product_ids).toEqual([a, c]);
    expect(await collectionsOf(b)).toEqual([]);
    expect(await collectionsOf(a)).toEqual([collection.id]);
    expect(again.code).toBe(GrpcStatus.NOT_FOUND);
  });

  it('keeps every change when owners place and remove different products at once', async () => {
    const staying = await products(4);
    const joining = await products(12);
    const collection = await createCollection({ product_ids: staying });

    await Promise.all([
      ...joining.map((id) => place(collection.id, id)),
      remove(collection.id, staying[0]!),
      remove(collection.id, staying[2]!),
    ]);

    const members = (await getCollection(collection.id)).product_ids;
    expect(members.slice(0, 2)).toEqual([staying[1], staying[3]]);
    expect([...members.slice(2)].sort((x, y) => x - y)).toEqual(joining);
    for (const id of joining) expect(await collectionsOf(id)).toEqual([collection.id]);
  });

  it('publishes collection/updated, and product/updated for the product that joined or left, not for a move', async () => {
    const [a, b] = await products(2);
    const collection = await createCollection({ product_ids: [a] });

    await place(collection.id, b);
    await place(collection.id, b, 1);
    await remove(collection.id, a);

    const collectionEvents = await harness.waitForEvents('catalog', 4, { store_id: storeId, where: of('collection', collection.id) });
    expect(collectionEvents.map((event) => [event.topic, event.resource.products])).toEqual([
      ['collection/created', [a]],
      ['collection/updated', [a, b]],
      ['collection/updated', [b, a]],
      ['collection/updated', [b]],
    ]);
    const productEvents = (id: number, count: number) =>
      harness.waitForEvents('catalog', count, { store_id: storeId, where: of('product', id) });
    expect((await productEvents(b, 2)).map((event) => [event.topic, event.resource.collections])).toEqual([
      ['product/created', []],
      ['product/updated', [collection.id]],
    ]);
    expect((await productEvents(a, 3)).map((event) => event.resource.collections)).toEqual([[], [collection.id], []]);
  });

  it("answers NOT_FOUND for an unknown, deleted or another store's product, and for another store's collection", async () => {
    const [deleted] = await products(1);
    await harness.client.deleteProduct({ store_id: storeId, product_id: deleted! });
    const otherStore = (await harness.newStore()).id;
    const foreign = await createProduct(harness.client, otherStore);
    const foreignCollection = (
      await harness.client.createCollection(catalog.CreateCollectionRequest.fromPartial({ store_id: otherStore, name: 'Theirs' }))
    ).collection!;
    const collection = await createCollection();
    const [mine] = await products(1);

    for (const attempt of [
      place(collection.id, 999_999),
      place(collection.id, deleted!),
      place(collection.id, foreign.id),
      place(foreignCollection.id, mine!),
      remove(foreignCollection.id, mine!),
    ])
      expect((await rejectionOf(attempt)).code).toBe(GrpcStatus.NOT_FOUND);
    expect((await getCollection(collection.id)).product_ids).toEqual([]);
  });
});

describe('ListCollections', () => {
  it('pages the live collections by id with a total', async () => {
    const storeWithCollections = (await harness.newStore()).id;
    const create = async (name: string) =>
      (await harness.client.createCollection(catalog.CreateCollectionRequest.fromPartial({ store_id: storeWithCollections, name })))
        .collection!;
    const [one, two, three] = [await create('One'), await create('Two'), await create('Three')];
    await harness.client.deleteCollection({ store_id: storeWithCollections, collection_id: two.id });

    const first = await harness.client.listCollections({ store_id: storeWithCollections, page: 1, limit: 1 });
    const second = await harness.client.listCollections({ store_id: storeWithCollections, page: 2, limit: 1 });
    const defaults = await harness.client.listCollections({ store_id: storeWithCollections, page: 0 });

    expect(first.collections.map(({ id }) => id)).toEqual([one.id]);
    expect(second.collections.map(({ id }) => id)).toEqual([three.id]);
    expect(first.total).toBe(2);
    expect(defaults).toMatchObject({ page: 1, limit: 50, total: 2 });
    expect(first.store_context?.subdomain).toMatch(/^shop-/);
  });
});
