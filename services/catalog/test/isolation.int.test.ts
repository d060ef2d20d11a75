import { catalog } from '@commerce/contracts';
import { GrpcStatus } from '@commerce/grpc-runtime';
import { rejectionOf } from '@commerce/testing';
import { aVariant, createProduct, startCatalogHarness, type CatalogHarness } from './catalog.fixture';

let harness: CatalogHarness;
let mine: number;
let theirs: number;
let product: catalog.Product;
let collection: catalog.Collection;

beforeAll(async () => {
  harness = await startCatalogHarness();
  mine = (await harness.newStore()).id;
  theirs = (await harness.newStore()).id;
  product = await createProduct(harness.client, theirs);
  collection = (
    await harness.client.createCollection(
      catalog.CreateCollectionRequest.fromPartial({ store_id: theirs, name: 'Theirs', product_ids: [product.id] }),
    )
  ).collection!;
});

afterAll(() => harness?.stop());

const variantId = () => product.variants[0]!.id;

describe("another store's records answer NOT_FOUND, on reads and writes", () => {
  it.each([
    ['GetProduct', () => harness.client.getProduct({ store_id: mine, product_id: product.id })],
    [
      'UpdateProduct',
      () =>
        harness.client.updateProduct(
          catalog.UpdateProductRequest.fromPartial({ store_id: mine, product_id: product.id, name: 'Mine now' }),
        ),
    ],
    ['DeleteProduct', () => harness.client.deleteProduct({ store_id: mine, product_id: product.id })],
    ['CreateVariant', () => harness.client.createVariant(aVariant(mine, product.id))],
    ['GetVariant', () => harness.client.getVariant({ store_id: mine, product_id: product.id, variant_id: variantId() })],
    [
      'UpdateVariant',
      () =>
        harness.client.updateVariant(
          catalog.UpdateVariantRequest.fromPartial({ store_id: mine, product_id: product.id, variant_id: variantId(), in_stock: 0 }),
        ),
    ],
    ['DeleteVariant', () => harness.client.deleteVariant({ store_id: mine, product_id: product.id, variant_id: variantId() })],
    ['GetCollection', () => harness.client.getCollection({ store_id: mine, collection_id: collection.id })],
    [
      'UpdateCollection',
      () =>
        harness.client.updateCollection(
          catalog.UpdateCollectionRequest.fromPartial({ store_id: mine, collection_id: collection.id, name: 'Mine' }),
        ),
    ],
    ['DeleteCollection', () => harness.client.deleteCollection({ store_id: mine, collection_id: collection.id })],
    [
      'ListProducts of its collection',
      () => harness.client.listProducts(catalog.ListProductsRequest.fromPartial({ store_id: mine, collection_id: collection.id })),
    ],
    [
      'ReserveStock of its variant',
      () => harness.client.reserveStock({ store_id: mine, order_key: 'steal', lines: [{ variant_id: variantId(), quantity: 1 }] }),
    ],
  ])('%s', async (_rpc, call) => {
    expect((await rejectionOf(call())).code).toBe(GrpcStatus.NOT_FOUND);
  });

  it('lists and batch reads leave them out, and the owner still sees them unchanged', async () => {
    const list = await harness.client.listProducts(catalog.ListProductsRequest.fromPartial({ store_id: mine }));
    const byIds = await harness.client.getProductsByIds({ store_id: mine, product_ids: [product.id], include_deleted: true });
    const variants = await harness.client.getVariantsByIds({ store_id: mine, variant_ids: [variantId()], include_deleted: true });
    const collections = await harness.client.listCollections({ store_id: mine, page: 1, limit: 50 });

    expect(list.products).toEqual([]);
    expect(list.total).toBe(0);
    expect(byIds.products).toEqual([]);
    expect(variants.variants).toEqual([]);
    expect(collections.collections).toEqual([]);
    const { product: owned } = await harness.client.getProduct({ store_id: theirs, product_id: product.id });
    expect(owned).toMatchObject({ name: product.name, collection_ids: [collection.id] });
    expect(owned!.variants).toHaveLength(1);
  });

  it("refuses another store's products as collection members", async () => {
    const error = await rejectionOf(
      harness.client.createCollection(
        catalog.CreateCollectionRequest.fromPartial({ store_id: mine, name: 'Mine', product_ids: [product.id] }),
      ),
    );

    expect(error.code).toBe(GrpcStatus.INVALID_ARGUMENT);
  });
});
