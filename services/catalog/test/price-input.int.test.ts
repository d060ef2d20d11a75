import { catalog, storefront } from '@commerce/contracts';
import { GrpcStatus } from '@commerce/grpc-runtime';
import { rejectionOf, waitFor } from '@commerce/testing';
import { aProduct, aVariant, createProduct, startCatalogHarness, type CatalogHarness } from './catalog.fixture';

/** Catalog reads a decimal `price` / `override_price` in the store's currency (docs/catalog.md#price-input). */

let harness: CatalogHarness;
let yenStoreId: number;

beforeAll(async () => {
  harness = await startCatalogHarness();
  yenStoreId = (await harness.newStore()).id;
  const probe = await createProduct(harness.client, yenStoreId);
  await harness.stores.updateStore(storefront.UpdateStoreRequest.fromPartial({ store_id: yenStoreId, currency: 'JPY' }));
  await waitFor(async () => {
    const answer = await harness.client.getProduct({ store_id: yenStoreId, product_id: probe.id });
    return answer.store_context?.currency === 'JPY';
  });
});

afterAll(() => harness?.stop());

const updateProduct = (fields: Partial<catalog.UpdateProductRequest>) =>
  harness.client.updateProduct(catalog.UpdateProductRequest.fromPartial({ store_id: yenStoreId, ...fields }));
const updateVariant = (fields: Partial<catalog.UpdateVariantRequest>) =>
  harness.client.updateVariant(catalog.UpdateVariantRequest.fromPartial({ store_id: yenStoreId, ...fields }));

describe('decimal prices in a JPY store', () => {
  it('reads a created product price as whole yen; the price replaces the proto default cents', async () => {
    expect(await createProduct(harness.client, yenStoreId, { cents: 0, price: '1999' })).toMatchObject({ cents: 1999 });
    expect(await createProduct(harness.client, yenStoreId, { cents: 0, price: ' 25.000 ' })).toMatchObject({ cents: 25 });
  });

  it('refuses a fraction of a yen, naming price, and writes nothing', async () => {
    const error = await rejectionOf(harness.client.createProduct(aProduct(yenStoreId, { name: 'Half yen', price: '19.5' })));
    expect(error.code).toBe(GrpcStatus.INVALID_ARGUMENT);
    expect(error.fieldViolations).toEqual({ price: ['has more decimal places than JPY allows (0)'] });
    const listed = await harness.client.listProducts(catalog.ListProductsRequest.fromPartial({ store_id: yenStoreId }));
    expect(listed.products.map((product) => product.name)).not.toContain('Half yen');
  });

  it('names price beside the other fields it refuses', async () => {
    const error = await rejectionOf(harness.client.createProduct(aProduct(yenStoreId, { name: ' ', price: '-5' })));
    expect(error.fieldViolations).toEqual({ name: ["can't be blank"], price: ['must be at least 0'] });
  });

  it('on update, reads the price only without cents', async () => {
    const product = await createProduct(harness.client, yenStoreId, { cents: 100 });
    expect((await updateProduct({ product_id: product.id, price: '300' })).product).toMatchObject({ cents: 300 });
    expect((await updateProduct({ product_id: product.id, cents: 400, price: '19.5' })).product).toMatchObject({ cents: 400 });
    const error = await rejectionOf(updateProduct({ product_id: product.id, price: '1e3' }));
    expect(error.fieldViolations).toEqual({ price: ['must be a decimal amount such as 19.99'] });
  });

  it('reads a variant override_price in yen on create and update, override_cents winning on update', async () => {
    const product = await createProduct(harness.client, yenStoreId, { cents: 100 });
    const { variant } = await harness.client.createVariant(
      aVariant(yenStoreId, product.id, { has_override_price: true, override_price: '2500' }),
    );
    expect(variant).toMatchObject({ override_cents: 2500, cents: 2500 });
    const changed = await updateVariant({ product_id: product.id, variant_id: variant!.id, override_price: '2600' });
    expect(changed.variant).toMatchObject({ cents: 2600 });
    const exact = await updateVariant({ product_id: product.id, variant_id: variant!.id, override_cents: 2700, override_price: 'x' });
    expect(exact.variant).toMatchObject({ cents: 2700 });
    const error = await rejectionOf(updateVariant({ product_id: product.id, variant_id: variant!.id, override_price: '2600.5' }));
    expect(error.fieldViolations).toEqual({ override_price: ['has more decimal places than JPY allows (0)'] });
  });

  it('answers NOT_FOUND for an unknown store before reading its price', async () => {
    const error = await rejectionOf(harness.client.createProduct(aProduct(999_999, { price: '5' })));
    expect(error.code).toBe(GrpcStatus.NOT_FOUND);
  });
});
