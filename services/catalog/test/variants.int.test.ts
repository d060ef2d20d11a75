import { catalog } from '@commerce/contracts';
import { GrpcStatus } from '@commerce/grpc-runtime';
import { rejectionOf } from '@commerce/testing';
import { aVariant, createProduct, startCatalogHarness, type CatalogHarness } from './catalog.fixture';

let harness: CatalogHarness;
let storeId: number;

beforeAll(async () => {
  harness = await startCatalogHarness();
  storeId = (await harness.newStore()).id;
});

afterAll(() => harness?.stop());

const addVariant = async (productId: number, overrides: Partial<catalog.CreateVariantRequest> = {}) =>
  (await harness.client.createVariant(aVariant(storeId, productId, overrides))).variant!;
const updateVariant = (productId: number, variantId: number, fields: Partial<catalog.UpdateVariantRequest>) =>
  harness.client.updateVariant(
    catalog.UpdateVariantRequest.fromPartial({ store_id: storeId, product_id: productId, variant_id: variantId, ...fields }),
  );
const variantsOf = async (productId: number) =>
  (await harness.client.getProduct({ store_id: storeId, product_id: productId })).product!.variants;
const deleteVariant = (productId: number, variantId: number) =>
  harness.client.deleteVariant({ store_id: storeId, product_id: productId, variant_id: variantId });

describe('CreateVariant', () => {
  it('appends a variant with its stock derived fields', async () => {
    const product = await createProduct(harness.client, storeId, { cents: 1000 });

    const variant = await addVariant(product.id, { name: ' Large ', full_quantity: 8, in_stock: 2, sku: 'TEA-L' });

    expect(variant).toMatchObject({
      product_id: product.id,
      name: 'Large',
      position: 2,
      sku: 'TEA-L',
      full_quantity: 8,
      in_stock: 2,
      sold: 0,
      percent_available: 25,
      is_default_variant: false,
      sold_out: false,
      status: 'active',
      has_override_price: false,
      cents: 1000,
    });
    expect((await harness.client.getVariant({ store_id: storeId, product_id: product.id, variant_id: variant.id })).variant).toEqual(
      variant,
    );
  });

  it('starts with all of full_quantity in stock when in_stock is absent', async () => {
    const product = await createProduct(harness.client, storeId);

    expect(await addVariant(product.id, { full_quantity: 5 })).toMatchObject({ in_stock: 5, percent_available: 100 });
  });

  it('inserts at a position and shifts the others', async () => {
    const product = await createProduct(harness.client, storeId);
    const small = await addVariant(product.id, { name: 'Small' });

    const first = await addVariant(product.id, { name: 'Tiny', position: 1 });

    expect((await variantsOf(product.id)).map(({ id, position }) => [id, position])).toEqual([
      [first.id, 1],
      [product.variants[0]!.id, 2],
      [small.id, 3],
    ]);
  });

  it('prices an override and flags the product', async () => {
    const product = await createProduct(harness.client, storeId, { cents: 1000 });

    const variant = await addVariant(product.id, { has_override_price: true, override_cents: 1250 });

    expect(variant).toMatchObject({ has_override_price: true, override_cents: 1250, cents: 1250 });
    const { product: reread } = await harness.client.getProduct({ store_id: storeId, product_id: product.id });
    expect(reread!.has_override_priced_variants).toBe(true);
  });

  it('refuses bad input per field', async () => {
    const product = await createProduct(harness.client, storeId);

    const error = await rejectionOf(
      harness.client.createVariant(aVariant(storeId, product.id, { name: '', full_quantity: -1, override_cents: -2, position: 0 })),
    );
    const tooMany = await rejectionOf(harness.client.createVariant(aVariant(storeId, product.id, { full_quantity: 2, in_stock: 3 })));

    expect(error.code).toBe(GrpcStatus.INVALID_ARGUMENT);
    expect(error.fieldViolations).toEqual({
      name: ["can't be blank"],
      full_quantity: ['must be a whole number, at least 0'],
      override_cents: ['must be a whole number, at least 0'],
      position: ['must be at least 1'],
    });
    expect(tooMany.fieldViolations).toEqual({ in_stock: ['must not exceed full_quantity'] });
  });

  it('answers NOT_FOUND under an unknown or deleted product', async () => {
    const product = await createProduct(harness.client, storeId);
    await harness.client.deleteProduct({ store_id: storeId, product_id: product.id });

    expect((await rejectionOf(harness.client.createVariant(aVariant(storeId, product.id)))).code).toBe(GrpcStatus.NOT_FOUND);
    expect((await rejectionOf(harness.client.createVariant(aVariant(storeId, 777_777)))).code).toBe(GrpcStatus.NOT_FOUND);
  });
});

describe('GetVariant / UpdateVariant', () => {
  it('answers NOT_FOUND for a variant of another product', async () => {
    const one = await createProduct(harness.client, storeId);
    const other = await createProduct(harness.client, storeId);
    const variantId = one.variants[0]!.id;

    expect((await rejectionOf(harness.client.getVariant({ store_id: storeId, product_id: other.id, variant_id: variantId }))).code).toBe(
      GrpcStatus.NOT_FOUND,
    );
    expect((await rejectionOf(updateVariant(other.id, variantId, { name: 'Stolen' }))).code).toBe(GrpcStatus.NOT_FOUND);
    expect((await rejectionOf(deleteVariant(other.id, variantId))).code).toBe(GrpcStatus.NOT_FOUND);
  });

  it('changes only the fields present and derives stock fields', async () => {
    const product = await createProduct(harness.client, storeId, { cents: 900 });
    const variant = await addVariant(product.id, { full_quantity: 10, sku: 'S-1' });

    const { variant: updated } = await updateVariant(product.id, variant.id, { in_stock: 0 });
    const { variant: cleared } = await updateVariant(product.id, variant.id, { sku: '', has_override_price: true, override_cents: 100 });

    expect(updated).toMatchObject({
      in_stock: 0,
      full_quantity: 10,
      sold_out: true,
      status: 'sold-out',
      percent_available: 0,
      sku: 'S-1',
      name: 'Large',
    });
    expect(cleared).toMatchObject({ sku: undefined, cents: 100, has_override_price: true });
  });

  it('moves a variant and keeps positions 1..n', async () => {
    const product = await createProduct(harness.client, storeId);
    const b = await addVariant(product.id, { name: 'B' });
    const c = await addVariant(product.id, { name: 'C' });

    await updateVariant(product.id, c.id, { position: 1 });
    const moved = await variantsOf(product.id);
    await updateVariant(product.id, c.id, { position: 99 });

    expect(moved.map(({ name, position }) => [name, position])).toEqual([
      ['C', 1],
      ['Default', 2],
      ['B', 3],
    ]);
    expect((await variantsOf(product.id)).map(({ id, position }) => [id, position])).toEqual([
      [product.variants[0]!.id, 1],
      [b.id, 2],
      [c.id, 3],
    ]);
  });

  it('refuses a count left above the full quantity', async () => {
    const product = await createProduct(harness.client, storeId);
    const variant = await addVariant(product.id, { full_quantity: 3 });

    const error = await rejectionOf(updateVariant(product.id, variant.id, { in_stock: 4 }));

    expect(error.code).toBe(GrpcStatus.INVALID_ARGUMENT);
    expect(error.fieldViolations).toEqual({ in_stock: ['must not exceed full_quantity'] });
  });
});

describe('DeleteVariant', () => {
  it('answers the deleted variant, renumbers and promotes the lowest-position one to default', async () => {
    const product = await createProduct(harness.client, storeId);
    const defaultId = product.variants[0]!.id;
    const b = await addVariant(product.id, { name: 'B' });
    const c = await addVariant(product.id, { name: 'C' });

    const { variant: deleted } = await deleteVariant(product.id, defaultId);

    expect(deleted).toMatchObject({ id: defaultId, name: 'Default' });
    expect((await variantsOf(product.id)).map(({ id, position, is_default_variant }) => [id, position, is_default_variant])).toEqual([
      [b.id, 1, true],
      [c.id, 2, false],
    ]);
    expect((await rejectionOf(harness.client.getVariant({ store_id: storeId, product_id: product.id, variant_id: defaultId }))).code).toBe(
      GrpcStatus.NOT_FOUND,
    );
  });

  it('refuses to delete the last variant with FAILED_PRECONDITION LAST_VARIANT', async () => {
    const product = await createProduct(harness.client, storeId);

    const error = await rejectionOf(deleteVariant(product.id, product.variants[0]!.id));

    expect(error.code).toBe(GrpcStatus.FAILED_PRECONDITION);
    expect(error.reason).toBe('LAST_VARIANT');
  });

  it('lets exactly one of two concurrent deletes of the last two variants through', async () => {
    const product = await createProduct(harness.client, storeId);
    const second = await addVariant(product.id);

    const results = await Promise.allSettled([deleteVariant(product.id, product.variants[0]!.id), deleteVariant(product.id, second.id)]);

    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    const refused = results.find((result) => result.status === 'rejected') as PromiseRejectedResult;
    expect(refused.reason).toMatchObject({ code: GrpcStatus.FAILED_PRECONDITION, reason: 'LAST_VARIANT' });
    const left = await variantsOf(product.id);
    expect(left).toHaveLength(1);
    expect(left[0]).toMatchObject({ position: 1, is_default_variant: true });
  });
});
