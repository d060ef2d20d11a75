// GET /v1/products?q= (docs/catalog.md#products): text contained in a product's name or a live variant's SKU, any case,
// every character literal, combined with the other filters and paged like any list.
import { catalog } from '@commerce/contracts';
import { GrpcStatus } from '@commerce/grpc-runtime';
import { rejectionOf } from '@commerce/testing';
import { aVariant, createProduct, startCatalogHarness, type CatalogHarness } from './catalog.fixture';

let harness: CatalogHarness;
let storeId: number;
let otherStoreId: number;
/** Product ids by name. */
const id: Record<string, number> = {};

const NAMES = [
  'Green Tea',
  'GREEN MUG',
  'Black tea',
  '100% Cotton Bag',
  '50_50 Blend',
  'a.c',
  'abc',
  'Tea (loose) [v2]*',
  'Back\\slash',
  'Crème brûlée',
];

beforeAll(async () => {
  harness = await startCatalogHarness();
  storeId = (await harness.newStore()).id;
  otherStoreId = (await harness.newStore()).id;
  for (const name of NAMES) id[name] = (await createProduct(harness.client, storeId, { name })).id;
  await createProduct(harness.client, otherStoreId, { name: 'Green Tea of another store' });
});

afterAll(() => harness?.stop());

const list = (fields: Partial<catalog.ListProductsRequest> = {}) =>
  harness.client.listProducts(catalog.ListProductsRequest.fromPartial({ store_id: storeId, limit: 250, ...fields }));
const namesOf = async (q: string, fields: Partial<catalog.ListProductsRequest> = {}) =>
  (await list({ q, ...fields })).products.map((product) => product.name);

describe('ListProducts q', () => {
  it('finds products whose name contains the text, in any case, in id order', async () => {
    expect(await namesOf('green')).toEqual(['Green Tea', 'GREEN MUG']);
    expect(await namesOf('TEA')).toEqual(['Green Tea', 'Black tea', 'Tea (loose) [v2]*']);
    expect(await namesOf('n t')).toEqual(['Green Tea']);
    expect(await namesOf('CRÈME')).toEqual(['Crème brûlée']);
  });

  it('takes every character literally: no LIKE wildcards, no regular expressions', async () => {
    expect(await namesOf('%')).toEqual(['100% Cotton Bag']);
    expect(await namesOf('_')).toEqual(['50_50 Blend']);
    expect(await namesOf('.')).toEqual(['a.c']);
    expect(await namesOf('a.c')).toEqual(['a.c']);
    expect(await namesOf('.*')).toEqual([]);
    expect(await namesOf('(loose) [v2]*')).toEqual(['Tea (loose) [v2]*']);
    expect(await namesOf('^green')).toEqual([]);
    expect(await namesOf('\\')).toEqual(['Back\\slash']);
  });

  it('answers every product for a blank q, and none for text no product holds', async () => {
    expect((await list({ q: '  ' })).total).toBe(NAMES.length);
    expect(await list({ q: 'oolong' })).toMatchObject({ products: [], total: 0, current_max_id: 0 });
  });

  it('also finds a product by the SKU of a live variant, not of a deleted one, and follows renames', async () => {
    const product = await createProduct(harness.client, storeId, { name: 'Sencha' });
    const { variant } = await harness.client.createVariant(aVariant(storeId, product.id, { name: 'Large', sku: 'SEN-L-500' }));
    const gone = (await harness.client.createVariant(aVariant(storeId, product.id, { name: 'Small', sku: 'SEN-S-OLD' }))).variant!;
    await harness.client.deleteVariant({ store_id: storeId, product_id: product.id, variant_id: gone.id });

    expect(await namesOf('sen-l')).toEqual(['Sencha']);
    expect(await namesOf('SEN-S-OLD')).toEqual([]);

    await harness.client.updateVariant(
      catalog.UpdateVariantRequest.fromPartial({ store_id: storeId, product_id: product.id, variant_id: variant!.id, sku: 'GYO-1' }),
    );
    await harness.client.updateProduct(
      catalog.UpdateProductRequest.fromPartial({ store_id: storeId, product_id: product.id, name: 'Gyokuro' }),
    );
    expect(await namesOf('gyo')).toEqual(['Gyokuro']);
    expect(await namesOf('sen')).toEqual([]);
    await harness.client.deleteProduct({ store_id: storeId, product_id: product.id });
    expect(await namesOf('gyo')).toEqual([]);
  });

  it('never matches across a name and a SKU', async () => {
    const product = await createProduct(harness.client, storeId, { name: 'Kettle' });
    await harness.client.createVariant(aVariant(storeId, product.id, { sku: 'STEEL' }));

    expect(await namesOf('kettle steel')).toEqual([]);
    expect(await namesOf('kettle\nsteel')).toEqual([]);
    await harness.client.deleteProduct({ store_id: storeId, product_id: product.id });
  });

  it('combines with status, ids and the direction', async () => {
    await harness.client.updateProduct(
      catalog.UpdateProductRequest.fromPartial({ store_id: storeId, product_id: id['Black tea'], status: 'hidden' }),
    );

    expect(await namesOf('tea', { status: 'hidden' })).toEqual(['Black tea']);
    expect(await namesOf('tea', { status: 'active' })).toEqual(['Green Tea', 'Tea (loose) [v2]*']);
    expect(await namesOf('tea', { newer_than_id: id['Green Tea'] })).toEqual(['Black tea', 'Tea (loose) [v2]*']);
    expect(await namesOf('tea', { descending: true })).toEqual(['Tea (loose) [v2]*', 'Black tea', 'Green Tea']);
    await harness.client.updateProduct(
      catalog.UpdateProductRequest.fromPartial({ store_id: storeId, product_id: id['Black tea'], status: 'active' }),
    );
  });

  it('pages the matches: the total and the highest id count only them', async () => {
    const first = await list({ q: 'a', limit: 2 });
    const matching = NAMES.filter((name) => name.toLowerCase().includes('a'));

    expect(first.products.map((product) => product.name)).toEqual(matching.slice(0, 2));
    expect(first).toMatchObject({ total: matching.length, current_max_id: id[matching.at(-1)!] });
    expect((await list({ q: 'a', limit: 2, page: 2 })).products.map((product) => product.name)).toEqual(matching.slice(2, 4));
  });

  it("never shows another store's products", async () => {
    expect(await namesOf('another store')).toEqual([]);
    const other = await harness.client.listProducts(catalog.ListProductsRequest.fromPartial({ store_id: otherStoreId, q: 'green' }));
    expect(other.products.map((product) => product.name)).toEqual(['Green Tea of another store']);
  });

  it('refuses a text longer than a name or a SKU may be', async () => {
    expect((await list({ q: 'x'.repeat(255) })).products).toEqual([]);
    const error = await rejectionOf(list({ q: 'x'.repeat(256) }));

    expect(error.code).toBe(GrpcStatus.INVALID_ARGUMENT);
    expect(error.fieldViolations).toEqual({ q: ['is too long (maximum is 255 characters)'] });
  });
});
