// Issue 12: no input, alone or combined with others, makes a record (or its event) larger than catalog can publish.
import { catalog } from '@commerce/contracts';
import { GrpcStatus } from '@commerce/grpc-runtime';
import { rejectionOf } from '@commerce/testing';
import { aProduct, aVariant, createProduct, startCatalogHarness, type CatalogHarness } from './catalog.fixture';

let harness: CatalogHarness;
let storeId: number;

beforeAll(async () => {
  harness = await startCatalogHarness();
  storeId = (await harness.newStore()).id;
});

afterAll(() => harness?.stop());

/** An http URL of exactly `length` characters; `filler` makes up its path. */
const urlOfLength = (length: number, filler = 'a') => {
  const start = 'https://img.example.com/';
  return start + filler.repeat(length - start.length);
};
const updateProduct = (fields: Partial<catalog.UpdateProductRequest>) =>
  harness.client.updateProduct(catalog.UpdateProductRequest.fromPartial({ store_id: storeId, ...fields }));
const productEvents = async (productId: number) =>
  harness.eventsOf('catalog', {
    store_id: storeId,
    where: (event) => event.resource_type === 'product' && event.resource_id === productId,
  });

describe('photo URLs', () => {
  it('refuses a 1,000,000-character photo URL (it rendered as a 13 MB product) on create and on update', async () => {
    const created = await rejectionOf(harness.client.createProduct(aProduct(storeId, { photo_urls: [urlOfLength(1_000_000)] })));

    expect(created.code).toBe(GrpcStatus.INVALID_ARGUMENT);
    expect(created.fieldViolations).toEqual({ 'photos[0]': ['is too long (maximum is 2048 characters)'] });

    const product = await createProduct(harness.client, storeId);
    const updated = await rejectionOf(
      updateProduct({ product_id: product.id, photos: { urls: ['https://img.example.com/a.jpg', urlOfLength(1_000_000)] } }),
    );
    expect(updated.fieldViolations).toEqual({ 'photos[1]': ['is too long (maximum is 2048 characters)'] });
    expect((await harness.client.getProduct({ store_id: storeId, product_id: product.id })).product!.photos).toEqual([]);
  });

  it('takes a photo URL of 2048 characters', async () => {
    const product = await createProduct(harness.client, storeId, { photo_urls: [urlOfLength(2_048)] });

    expect(product.photos).toMatchObject([{ url: urlOfLength(2_048) }]);
  });
});

describe('prices', () => {
  it('takes a price or override of up to 1,000,000,000 cents and refuses more, on create and update', async () => {
    const product = await createProduct(harness.client, storeId, { cents: 1_000_000_000 });
    const variant = (
      await harness.client.createVariant(aVariant(storeId, product.id, { has_override_price: true, override_cents: 1_000_000_000 }))
    ).variant!;
    expect([product.cents, variant.cents]).toEqual([1_000_000_000, 1_000_000_000]);

    const refusals = [
      await rejectionOf(harness.client.createProduct(aProduct(storeId, { cents: Number.MAX_SAFE_INTEGER }))),
      await rejectionOf(updateProduct({ product_id: product.id, cents: 1_000_000_001 })),
    ];
    const overrides = [
      await rejectionOf(
        harness.client.createVariant(aVariant(storeId, product.id, { has_override_price: true, override_cents: 1_000_000_001 })),
      ),
      await rejectionOf(
        harness.client.updateVariant(
          catalog.UpdateVariantRequest.fromPartial({
            store_id: storeId,
            product_id: product.id,
            variant_id: variant.id,
            override_cents: Number.MAX_SAFE_INTEGER,
          }),
        ),
      ),
    ];

    for (const error of refusals)
      expect(error).toMatchObject({ code: GrpcStatus.INVALID_ARGUMENT, fieldViolations: { cents: ['must be at most 1000000000'] } });
    for (const error of overrides)
      expect(error).toMatchObject({
        code: GrpcStatus.INVALID_ARGUMENT,
        fieldViolations: { override_cents: ['must be at most 1000000000'] },
      });
  });
});

describe('names that show nothing', () => {
  const invisible = '\u200b\u200c\u0007\ufeff';

  it('calls a product, variant or collection name of only zero-width or control characters blank', async () => {
    const product = await createProduct(harness.client, storeId);
    const refusals = await Promise.all([
      rejectionOf(harness.client.createProduct(aProduct(storeId, { name: invisible }))),
      rejectionOf(updateProduct({ product_id: product.id, name: invisible })),
      rejectionOf(harness.client.createVariant(aVariant(storeId, product.id, { name: invisible }))),
      rejectionOf(
        harness.client.updateVariant(
          catalog.UpdateVariantRequest.fromPartial({
            store_id: storeId,
            product_id: product.id,
            variant_id: product.variants[0]!.id,
            name: invisible,
          }),
        ),
      ),
      rejectionOf(harness.client.createCollection(catalog.CreateCollectionRequest.fromPartial({ store_id: storeId, name: invisible }))),
    ]);

    for (const error of refusals)
      expect(error).toMatchObject({ code: GrpcStatus.INVALID_ARGUMENT, fieldViolations: { name: ["can't be blank"] } });
    expect((await harness.client.getProduct({ store_id: storeId, product_id: product.id })).product).toEqual(product);
  });
});

describe('free text', () => {
  it('bounds shipping_notes at 5000 characters', async () => {
    const product = await createProduct(harness.client, storeId, { shipping_notes: 'n'.repeat(5_000) });
    expect(product.shipping_notes).toHaveLength(5_000);

    const created = await rejectionOf(harness.client.createProduct(aProduct(storeId, { shipping_notes: 'n'.repeat(5_001) })));
    const updated = await rejectionOf(updateProduct({ product_id: product.id, shipping_notes: 'n'.repeat(5_001) }));

    expect(created.fieldViolations).toEqual({ shipping_notes: ['is too long (maximum is 5000 characters)'] });
    expect(updated.fieldViolations).toEqual({ shipping_notes: ['is too long (maximum is 5000 characters)'] });
  });
});

describe('variants per product', () => {
  it('takes 100 live variants and refuses the 101st; deleting one makes room again', async () => {
    const product = await createProduct(harness.client, storeId);
    for (let n = 2; n <= 100; n++) await harness.client.createVariant(aVariant(storeId, product.id, { name: `Size ${n}` }));

    const refused = await rejectionOf(harness.client.createVariant(aVariant(storeId, product.id, { name: 'One too many' })));

    expect(refused.code).toBe(GrpcStatus.INVALID_ARGUMENT);
    expect(refused.fieldViolations).toEqual({ variants: ['must have at most 100 items'] });
    const { product: current } = await harness.client.getProduct({ store_id: storeId, product_id: product.id });
    expect(current!.variants).toHaveLength(100);
    await harness.client.deleteVariant({ store_id: storeId, product_id: product.id, variant_id: current!.variants[1]!.id });
    await harness.client.createVariant(aVariant(storeId, product.id, { name: 'Room again' }));
  });
});

describe('the rendered size of a product', () => {
  // Each field within its own limit, together over the budget: a description of control characters renders 6 bytes
  // each in JSON (\u0001), and each photo URL 13 times, its quotes escaped.
  const hugeDescription = '\u0001'.repeat(65_535);
  const quotedPhotos = Array.from({ length: 5 }, (_, n) => urlOfLength(2_048, `${n}"`.repeat(1_100)).slice(0, 2_048));

  it('refuses a create whose product would render over 524288 bytes, naming the reason', async () => {
    const error = await rejectionOf(
      harness.client.createProduct(aProduct(storeId, { name: 'Too big', description: hugeDescription, photo_urls: quotedPhotos })),
    );

    expect(error.code).toBe(GrpcStatus.INVALID_ARGUMENT);
    expect(error.fieldViolations).toEqual({
      product: [expect.stringMatching(/^is too large: it would render as \d+ bytes \(maximum is 524288\)$/)],
    });
    const listed = await harness.client.listProducts(catalog.ListProductsRequest.fromPartial({ store_id: storeId, limit: 250 }));
    expect(listed.products.map(({ name }) => name)).not.toContain('Too big');
  });

  it('refuses an update that would take a product over the budget and leaves the product as it was', async () => {
    const product = await createProduct(harness.client, storeId, { description: hugeDescription });

    const error = await rejectionOf(updateProduct({ product_id: product.id, photos: { urls: quotedPhotos } }));

    expect(error.fieldViolations).toEqual({ product: [expect.stringMatching(/^is too large/)] });
    expect((await harness.client.getProduct({ store_id: storeId, product_id: product.id })).product).toEqual(product);
  });

  it('refuses the variant, new or renamed, that would take a product over the budget', async () => {
    const product = await createProduct(harness.client, storeId, { description: hugeDescription });
    const addUntilRefused = async (name: string, sku: string) => {
      for (let tries = 0; tries < 100; tries++) {
        const refused = await harness.client.createVariant(aVariant(storeId, product.id, { name, sku })).then(
          () => undefined,
          (error: unknown) => error,
        );
        if (refused) return refused;
      }
      return undefined;
    };

    // Variants of about 3 KB until one no longer fits, then of about 500 bytes: what is left is less than that.
    const big = await addUntilRefused('x' + '\u0001'.repeat(254), '\u0001'.repeat(255));
    const small = await addUntilRefused('x\u0001'.repeat(20), '');
    const renamed = await rejectionOf(
      harness.client.updateVariant(
        catalog.UpdateVariantRequest.fromPartial({
          store_id: storeId,
          product_id: product.id,
          variant_id: product.variants[0]!.id,
          name: 'x' + '\u0001'.repeat(254),
        }),
      ),
    );

    for (const error of [big, small, renamed])
      expect(error).toMatchObject({
        code: GrpcStatus.INVALID_ARGUMENT,
        fieldViolations: { product: [expect.stringMatching(/^is too large/)] },
      });
    const { product: current } = await harness.client.getProduct({ store_id: storeId, product_id: product.id });
    expect(current!.variants.length).toBeLessThan(100);
    expect(current!.variants[0]!.name).toBe('Default');
  });

  it('publishes a product at the largest a store owner can reasonably make it (every event fits the broker)', async () => {
    const product = await createProduct(harness.client, storeId, {
      name: 'é'.repeat(255),
      description: '茶'.repeat(65_535),
      photo_urls: Array.from({ length: 5 }, (_, n) => urlOfLength(2_048, String(n))),
      tag_list: Array.from({ length: 100 }, (_, n) => `${n}`.padEnd(100, 't')),
      shipping_notes: 'n'.repeat(5_000),
    });

    await harness.waitForEvents('catalog', 1, {
      store_id: storeId,
      topic: 'product/created',
      where: (event) => event.resource_id === product.id,
    });
    expect(await productEvents(product.id)).toHaveLength(1);
  });
});
