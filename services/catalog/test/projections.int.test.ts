import { catalog, shipping, storefront } from '@commerce/contracts';
import { GrpcStatus } from '@commerce/grpc-runtime';
import { rejectionOf, waitFor } from '@commerce/testing';
import { createProduct, startCatalogHarness, type CatalogHarness } from './catalog.fixture';

let harness: CatalogHarness;

beforeAll(async () => {
  harness = await startCatalogHarness();
});

afterAll(() => harness?.stop());

const createGroup = async (storeId: number, name: string) =>
  (await harness.shipping.createShippingGroup({ store_id: storeId, name, rates: [] })).shipping_group!;
const productOf = async (storeId: number, productId: number) =>
  (await harness.client.getProduct({ store_id: storeId, product_id: productId })).product!;

describe('store context projection', () => {
  it('follows the storefront: a changed time zone and currency show in the next answers', async () => {
    const store = await harness.newStore({ time_zone: 'America/New_York' });
    const product = await createProduct(harness.client, store.id);

    const { store: updated } = await harness.stores.updateStore(
      storefront.UpdateStoreRequest.fromPartial({ store_id: store.id, time_zone: 'Europe/Paris', currency: 'JPY' }),
    );

    const context = await waitFor(async () => {
      const answer = await harness.client.getProduct({ store_id: store.id, product_id: product.id });
      return answer.store_context?.time_zone === 'Europe/Paris' ? answer.store_context : undefined;
    });
    expect(context).toEqual({ time_zone: 'Europe/Paris', subdomain: updated!.subdomain, url: updated!.url, currency: 'JPY' });
  });
});

describe('shipping group projection', () => {
  it('puts a product created without a group into the store first group, and none when the store has none', async () => {
    const withoutGroups = (await harness.newStore()).id;
    const storeId = (await harness.newStore()).id;
    const first = await createGroup(storeId, 'Standard');
    await createGroup(storeId, 'Express');

    expect(await createProduct(harness.client, withoutGroups)).toMatchObject({ shipping_group_id: 0, shipping_group_name: '' });
    expect(await createProduct(harness.client, storeId)).toMatchObject({ shipping_group_id: first.id, shipping_group_name: 'Standard' });
  });

  it('renames the group on its products when shipping renames it, publishing product/updated', async () => {
    const storeId = (await harness.newStore()).id;
    const group = await createGroup(storeId, 'Standard');
    const product = await createProduct(harness.client, storeId, { shipping_group_id: group.id });
    const untouched = await createProduct(harness.client, storeId, { shipping_group_id: (await createGroup(storeId, 'Other')).id });

    await harness.shipping.updateShippingGroup(
      shipping.UpdateShippingGroupRequest.fromPartial({ store_id: storeId, shipping_group_id: group.id, name: 'Ground' }),
    );

    await waitFor(async () => (await productOf(storeId, product.id)).shipping_group_name === 'Ground', {
      message: 'the new group name on the product',
    });
    const events = await harness.waitForEvents('catalog', 1, { store_id: storeId, topic: 'product/updated' });
    expect(events.map((event) => [event.resource.id, event.resource.shipping_group])).toEqual([
      [product.id, { id: group.id, name: 'Ground' }],
    ]);
    expect((await productOf(storeId, untouched.id)).shipping_group_name).toBe('Other');
  });

  it('counts the live products of a group, which shipping asks before deleting it', async () => {
    const storeId = (await harness.newStore()).id;
    const group = await createGroup(storeId, 'Heavy');
    const spare = await createGroup(storeId, 'Spare');
    const [a, b] = [
      await createProduct(harness.client, storeId, { shipping_group_id: group.id }),
      await createProduct(harness.client, storeId, { shipping_group_id: group.id }),
    ];
    await harness.client.deleteProduct({ store_id: storeId, product_id: b.id });

    expect(await harness.client.countProductsInShippingGroup({ store_id: storeId, shipping_group_id: group.id })).toEqual({
      count: 1,
      product_ids: [a.id],
    });
    const inUse = await rejectionOf(harness.shipping.deleteShippingGroup({ store_id: storeId, shipping_group_id: group.id }));
    expect(inUse.code).toBe(GrpcStatus.FAILED_PRECONDITION);

    await harness.client.updateProduct(
      catalog.UpdateProductRequest.fromPartial({ store_id: storeId, product_id: a.id, shipping_group_id: spare.id }),
    );
    await harness.shipping.deleteShippingGroup({ store_id: storeId, shipping_group_id: group.id });

    // Once the projection saw the delete, the group is no longer one a product may use.
    await waitFor(async () => {
      const error = await rejectionOf(
        harness.client.createProduct(
          catalog.CreateProductRequest.fromPartial({ store_id: storeId, name: 'X', cents: 1, shipping_group_id: group.id }),
        ),
      );
      return error.code === GrpcStatus.INVALID_ARGUMENT;
    });
    expect(await createProduct(harness.client, storeId)).toMatchObject({ shipping_group_id: spare.id });
  });

  it('refuses a group of another store', async () => {
    const storeId = (await harness.newStore()).id;
    const foreignGroup = await createGroup((await harness.newStore()).id, 'Theirs');

    const error = await rejectionOf(
      harness.client.createProduct(
        catalog.CreateProductRequest.fromPartial({ store_id: storeId, name: 'X', cents: 1, shipping_group_id: foreignGroup.id }),
      ),
    );

    expect(error.code).toBe(GrpcStatus.INVALID_ARGUMENT);
    expect(error.fieldViolations).toEqual({ shipping_group_id: ['is not a shipping group of this store'] });
  });
});
