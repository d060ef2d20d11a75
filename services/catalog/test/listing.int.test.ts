import { catalog } from '@commerce/contracts';
import { GrpcStatus } from '@commerce/grpc-runtime';
import { rejectionOf } from '@commerce/testing';
import { createProduct, startCatalogHarness, type CatalogHarness } from './catalog.fixture';

let harness: CatalogHarness;
let storeId: number;
/** 25 products, ids ascending; every third hidden. */
let ids: number[];

beforeAll(async () => {
  harness = await startCatalogHarness();
  storeId = (await harness.newStore()).id;
  ids = [];
  for (let n = 0; n < 25; n++)
    ids.push((await createProduct(harness.client, storeId, { name: `Tea ${n}`, status: n % 3 === 2 ? 'hidden' : 'active' })).id);
});

afterAll(() => harness?.stop());

const list = (fields: Partial<catalog.ListProductsRequest> = {}) =>
  harness.client.listProducts(catalog.ListProductsRequest.fromPartial({ store_id: storeId, ...fields }));
const idsOf = (page: catalog.ListProductsResponse) => page.products.map(({ id }) => id);

describe('ListProducts', () => {
  it('answers 20 a page by id ascending, with the total and the highest id', async () => {
    const first = await list();
    const second = await list({ page: 2 });

    expect(idsOf(first)).toEqual(ids.slice(0, 20));
    expect(idsOf(second)).toEqual(ids.slice(20));
    expect(first).toMatchObject({ total: 25, page: 1, limit: 20, current_max_id: ids[24] });
    expect(first.products[0]!.variants).toHaveLength(1);
    expect(first.store_context?.time_zone).toBe('America/New_York');
  });

  it('sorts descending and pages with newer_than_id and older_than_id', async () => {
    expect(idsOf(await list({ descending: true, limit: 3 }))).toEqual([ids[24], ids[23], ids[22]]);
    expect(idsOf(await list({ newer_than_id: ids[21], limit: 250 }))).toEqual(ids.slice(22));
    expect(idsOf(await list({ older_than_id: ids[2], limit: 250 }))).toEqual(ids.slice(0, 2));
    const pinned = await list({ older_than_id: ids[10], descending: true, page: 2, limit: 4 });
    expect(idsOf(pinned)).toEqual([ids[5], ids[4], ids[3], ids[2]]);
    expect(pinned).toMatchObject({ total: 10, current_max_id: ids[9] });
  });

  it('filters by status, case-insensitively, and refuses an unknown one', async () => {
    const hidden = await list({ status: 'Hidden', limit: 250 });

    expect(idsOf(hidden)).toEqual(ids.filter((_, n) => n % 3 === 2));
    expect(hidden.total).toBe(8);
    const error = await rejectionOf(list({ status: 'archived' }));
    expect(error.code).toBe(GrpcStatus.INVALID_ARGUMENT);
    expect(error.fieldViolations).toEqual({ status: ['must be one of: active, hidden, coming soon'] });
  });

  it('filters by updated_at window, bounds included', async () => {
    const touched = (
      await harness.client.updateProduct(catalog.UpdateProductRequest.fromPartial({ store_id: storeId, product_id: ids[4], on_sale: true }))
    ).product!;

    const since = await list({ updated_at_min: touched.updated_at, limit: 250 });
    const until = await list({ updated_at_max: new Date(touched.updated_at!.getTime() - 1), limit: 250 });

    expect(idsOf(since)).toEqual([ids[4]]);
    expect(idsOf(until)).not.toContain(ids[4]);
    expect(until.total).toBe(24);
  });

  it('clamps the limit to 250 and treats page 0 as 1', async () => {
    expect(await list({ limit: 1000, page: 0 })).toMatchObject({ limit: 250, page: 1 });
  });

  it('answers an empty page past the end, with the total still counted', async () => {
    const past = await list({ page: 9 });

    expect(past.products).toEqual([]);
    expect(past.total).toBe(25);
  });

  it('filters by shipping group', async () => {
    const groupStore = (await harness.newStore()).id;
    const { shipping_group: group } = await harness.shipping.createShippingGroup({ store_id: groupStore, name: 'Freight', rates: [] });
    const other = (await harness.shipping.createShippingGroup({ store_id: groupStore, name: 'Letter', rates: [] })).shipping_group!;
    const inGroup = await createProduct(harness.client, groupStore, { shipping_group_id: group!.id });
    const elsewhere = await createProduct(harness.client, groupStore, { shipping_group_id: other.id });

    const page = await harness.client.listProducts(
      catalog.ListProductsRequest.fromPartial({ store_id: groupStore, shipping_group_id: group!.id }),
    );

    expect(inGroup).toMatchObject({ shipping_group_id: group!.id, shipping_group_name: 'Freight' });
    expect(idsOf(page)).toEqual([inGroup.id]);
    expect(idsOf(page)).not.toContain(elsewhere.id);
  });
});
