import { catalog, type storefront } from '@commerce/contracts';
import { GrpcStatus } from '@commerce/grpc-runtime';
import { rejectionOf } from '@commerce/testing';
import { aProduct, createProduct, startCatalogHarness, type CatalogHarness } from './catalog.fixture';

let harness: CatalogHarness;
let store: storefront.Store;

beforeAll(async () => {
  harness = await startCatalogHarness();
  store = await harness.newStore({ subdomain: 'teashop', time_zone: 'Europe/Berlin' });
});

afterAll(() => harness?.stop());

const update = (fields: Partial<catalog.UpdateProductRequest>) =>
  harness.client.updateProduct(catalog.UpdateProductRequest.fromPartial({ store_id: store.id, ...fields }));

describe('CreateProduct', () => {
  it('creates an active product with its "Default" variant and answers the store context', async () => {
    const answer = await harness.client.createProduct(
      aProduct(store.id, { name: '  Green Tea ', cents: 1999, tag_list: [' green', 'loose ', '', 'Green'] }),
    );

    expect(answer.store_context).toEqual({ time_zone: 'Europe/Berlin', subdomain: 'teashop', url: store.url, currency: 'USD' });
    expect(answer.product).toMatchObject({
      name: 'Green Tea',
      cents: 1999,
      status: 'active',
      description: undefined,
      tag_list: ['green', 'loose'],
      collection_ids: [],
      photos: [],
      shipping_group_id: 0,
      has_override_priced_variants: false,
      deleted_at: undefined,
    });
    expect(answer.product!.variants).toEqual([
      expect.objectContaining({
        name: 'Default',
        position: 1,
        is_default_variant: true,
        in_stock: 0,
        full_quantity: 0,
        sold: 0,
        sold_out: true,
        status: 'sold-out',
        cents: 1999,
        sku: undefined,
        product_id: answer.product!.id,
      }),
    ]);
    expect(answer.product!.created_at).toEqual(answer.product!.updated_at);
  });

  it('keeps every optional field the owner sends', async () => {
    const product = await createProduct(harness.client, store.id, {
      description: 'Loose leaf',
      status: 'Coming Soon',
      photo_urls: ['https://img.example.com/a.jpg', 'http://img.example.com/b.jpg'],
      preorder: true,
      on_sale: true,
      marketplace_category_id: 12,
      shipping_notes: 'Ships in a tin',
      list_in_marketplace: true,
    });

    expect(product).toMatchObject({
      description: 'Loose leaf',
      status: 'coming soon',
      photos: [{ url: 'https://img.example.com/a.jpg' }, { url: 'http://img.example.com/b.jpg' }],
      preorder: true,
      on_sale: true,
      marketplace_category_id: 12,
      shipping_notes: 'Ships in a tin',
      list_in_marketplace: true,
    });
    expect((await harness.client.getProduct({ store_id: store.id, product_id: product.id })).product).toEqual(product);
  });

  it('refuses bad input with a violation per field, named as the API spells it', async () => {
    const error = await rejectionOf(
      harness.client.createProduct(
        aProduct(store.id, {
          name: ' ',
          cents: -1,
          status: 'archived',
          position: 'middle',
          photo_urls: ['a', 'b', 'c', 'd', 'e', 'f'].map((name) => `https://img.example.com/${name}.jpg`).concat('ftp://x'),
        }),
      ),
    );

    expect(error.code).toBe(GrpcStatus.INVALID_ARGUMENT);
    expect(error.fieldViolations).toEqual({
      name: ["can't be blank"],
      cents: ['must be at least 0'],
      status: ['must be one of: active, hidden, coming soon'],
      position: ['must be one of: top, bottom'],
      photos: ['must have at most 5 items'],
    });
  });

  it('refuses a shipping group that is not one of the store', async () => {
    const error = await rejectionOf(harness.client.createProduct(aProduct(store.id, { shipping_group_id: 987_654 })));

    expect(error.code).toBe(GrpcStatus.INVALID_ARGUMENT);
    expect(error.fieldViolations).toEqual({ shipping_group_id: ['is not a shipping group of this store'] });
  });

  it('answers NOT_FOUND for a store the storefront does not know', async () => {
    const error = await rejectionOf(harness.client.createProduct(aProduct(999_999)));

    expect(error.code).toBe(GrpcStatus.NOT_FOUND);
  });
});

describe('UpdateProduct', () => {
  it('changes only the fields present', async () => {
    const product = await createProduct(harness.client, store.id, {
      description: 'Before',
      tag_list: ['a'],
      photo_urls: ['https://img.example.com/a.jpg'],
    });

    const { product: updated } = await update({ product_id: product.id, name: 'Sencha', on_sale: true });

    expect(updated).toMatchObject({
      name: 'Sencha',
      on_sale: true,
      description: 'Before',
      tag_list: ['a'],
      photos: [{ url: 'https://img.example.com/a.jpg' }],
      cents: 1999,
    });
    expect(updated!.updated_at!.getTime()).toBeGreaterThanOrEqual(product.updated_at!.getTime());
    expect(updated!.created_at).toEqual(product.created_at);
  });

  it('clears description, marketplace category, photos and tags with their empty values', async () => {
    const product = await createProduct(harness.client, store.id, {
      description: 'x',
      marketplace_category_id: 3,
      tag_list: ['a'],
      photo_urls: ['https://img.example.com/a.jpg'],
    });

    const { product: updated } = await update({
      product_id: product.id,
      description: '',
      marketplace_category_id: 0,
      tag_list: { tags: [] },
      photos: { urls: [] },
    });

    expect(updated).toMatchObject({ description: undefined, marketplace_category_id: undefined, tag_list: [], photos: [] });
  });

  it('moves the variants price with the product price unless overridden', async () => {
    const product = await createProduct(harness.client, store.id, { cents: 500 });

    const { product: updated } = await update({ product_id: product.id, cents: 750 });

    expect(updated!.variants[0]!.cents).toBe(750);
  });

  it('ranks a product first with position top and last with bottom', async () => {
    const first = await createProduct(harness.client, store.id);
    const second = await createProduct(harness.client, store.id);
    expect(second.position).toBeGreaterThan(first.position);

    const { product: top } = await update({ product_id: second.id, position: 'top' });
    const { product: again } = await update({ product_id: second.id, position: 'top' });
    const { product: bottom } = await update({ product_id: first.id, position: 'bottom' });

    expect(top!.position).toBeLessThan(first.position);
    expect(again!.position).toBe(top!.position);
    expect(bottom!.position).toBeGreaterThan(top!.position);
  });

  it('creates a product first with position top, last by default and with bottom', async () => {
    const first = await createProduct(harness.client, store.id);
    const last = await createProduct(harness.client, store.id, { position: 'bottom' });
    const top = await createProduct(harness.client, store.id, { position: 'top' });
    const byDefault = await createProduct(harness.client, store.id);

    expect(last.position).toBeGreaterThan(first.position);
    expect(top.position).toBeLessThan(first.position);
    expect(byDefault.position).toBeGreaterThan(last.position);
  });

  it('refuses bad values and a shipping group of nobody', async () => {
    const product = await createProduct(harness.client, store.id);

    const error = await rejectionOf(
      update({ product_id: product.id, name: '', cents: -5, shipping_group_id: 424_242, photos: { urls: ['not a url'] } }),
    );

    expect(error.code).toBe(GrpcStatus.INVALID_ARGUMENT);
    expect(error.fieldViolations).toEqual({
      name: ["can't be blank"],
      cents: ['must be at least 0'],
      'photos[0]': ['must be an http or https URL'],
    });
    const unknownGroup = await rejectionOf(update({ product_id: product.id, shipping_group_id: 424_242 }));
    expect(unknownGroup.fieldViolations).toEqual({ shipping_group_id: ['is not a shipping group of this store'] });
  });

  it('answers NOT_FOUND for an unknown product', async () => {
    expect((await rejectionOf(update({ product_id: 123_456, name: 'x' }))).code).toBe(GrpcStatus.NOT_FOUND);
  });
});

describe('taxable', () => {
  it('is true unless the owner says otherwise, on create, update, read, list and in the product events', async () => {
    const plain = await createProduct(harness.client, store.id);
    const exempt = await createProduct(harness.client, store.id, { taxable: false });
    expect([plain.taxable, exempt.taxable]).toEqual([true, false]);

    const { product: unchanged } = await update({ product_id: exempt.id, name: 'Gift card' });
    expect(unchanged).toMatchObject({ name: 'Gift card', taxable: false });
    const { product: taxed } = await update({ product_id: exempt.id, taxable: true });
    expect(taxed!.taxable).toBe(true);
    const { product: untaxed } = await update({ product_id: plain.id, taxable: false });
    expect(untaxed!.taxable).toBe(false);

    expect((await harness.client.getProduct({ store_id: store.id, product_id: plain.id })).product!.taxable).toBe(false);
    const listed = await harness.client.listProducts(catalog.ListProductsRequest.fromPartial({ store_id: store.id, limit: 250 }));
    const listedTaxable = (id: number) => listed.products.find((product) => product.id === id)?.taxable;
    expect([listedTaxable(plain.id), listedTaxable(exempt.id)]).toEqual([false, true]);

    const events = await harness.waitForEvents('catalog', 3, {
      store_id: store.id,
      where: (event) => event.resource_type === 'product' && event.resource_id === exempt.id,
    });
    expect(events.map((event) => [event.topic, event.resource.taxable])).toEqual([
      ['product/created', false],
      ['product/updated', false],
      ['product/updated', true],
    ]);
  });
});

describe('DeleteProduct', () => {
  it('answers the deleted record, then the product is gone from reads and lists', async () => {
    const product = await createProduct(harness.client, store.id, { name: 'Doomed' });

    const { product: deleted } = await harness.client.deleteProduct({ store_id: store.id, product_id: product.id });

    expect(deleted).toMatchObject({ id: product.id, name: 'Doomed' });
    expect(deleted!.deleted_at).toBeInstanceOf(Date);
    expect((await rejectionOf(harness.client.getProduct({ store_id: store.id, product_id: product.id }))).code).toBe(GrpcStatus.NOT_FOUND);
    expect((await rejectionOf(update({ product_id: product.id, name: 'Back' }))).code).toBe(GrpcStatus.NOT_FOUND);
    expect((await rejectionOf(harness.client.deleteProduct({ store_id: store.id, product_id: product.id }))).code).toBe(
      GrpcStatus.NOT_FOUND,
    );
    const listed = await harness.client.listProducts(catalog.ListProductsRequest.fromPartial({ store_id: store.id, limit: 250 }));
    expect(listed.products.map(({ id }) => id)).not.toContain(product.id);
  });
});

describe('every call names its store', () => {
  it('refuses a request without a store id', async () => {
    const error = await rejectionOf(harness.client.getProduct({ store_id: 0, product_id: 1 }));

    expect(error.code).toBe(GrpcStatus.INVALID_ARGUMENT);
    expect(error.fieldViolations).toEqual({ store_id: ['is required'] });
  });
});
