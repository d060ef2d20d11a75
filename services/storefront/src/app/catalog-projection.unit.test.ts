import { ensureStorefrontIndexes } from '../infra/indexes';
import { presentCollection, presentProduct, presentVariant } from '@commerce/api-presenters';
import { catalog } from '@commerce/contracts';
import { newEvent, type DomainEvent } from '@commerce/events';
import { openDatabase, type Database } from '@commerce/persistence';
import { CatalogProjectionRepository } from '../infra/catalog-projection.repository';
import { aCatalogVariant } from '../infra/catalog-records.fixture';
import { applyCatalogEvent } from './catalog-projection';
import { SiteCatalogs } from './site-catalogs';

const STORE = 4;
const context = catalog.StoreContext.fromPartial({ time_zone: 'UTC', url: 'https://tea.shops.example', subdomain: 'tea' });

const variant = aCatalogVariant;
const product = (overrides: Partial<catalog.Product> = {}) =>
  catalog.Product.fromPartial({ id: 7, name: 'Green Tea', status: 'active', cents: 1000, variants: [variant()], ...overrides });

const productEvent = (
  topic: 'product/created' | 'product/updated' | 'product/deleted',
  sequence: number,
  message: catalog.Product,
): DomainEvent =>
  newEvent({
    topic,
    storeId: STORE,
    resourceType: 'product',
    resourceId: message.id,
    sequence,
    resource: presentProduct(message, context),
  });
const variantEvent = (
  topic: 'variant/created' | 'variant/updated' | 'variant/deleted',
  sequence: number,
  message: catalog.Variant,
): DomainEvent =>
  newEvent({
    topic,
    storeId: STORE,
    resourceType: 'variant',
    resourceId: message.id,
    sequence,
    resource: presentVariant(message, context),
  });
const collectionEvent = (
  topic: 'collection/created' | 'collection/updated' | 'collection/deleted',
  sequence: number,
  message: catalog.Collection,
): DomainEvent =>
  newEvent({
    topic,
    storeId: STORE,
    resourceType: 'collection',
    resourceId: message.id,
    sequence,
    resource: presentCollection(message, context),
  });

let db: Database;
let projection: CatalogProjectionRepository;
let catalogs: SiteCatalogs;
const apply = (...events: DomainEvent[]) =>
  events.reduce((done, event) => done.then(() => applyCatalogEvent({ projection }, event)), Promise.resolve());

beforeEach(async () => {
  db = await openDatabase({ engine: 'memory' });
  const collections = CatalogProjectionRepository.collectionsOf(db);
  await ensureStorefrontIndexes(db);
  projection = new CatalogProjectionRepository(collections);
  catalogs = new SiteCatalogs(projection);
});
afterEach(() => db.close());

describe('applyCatalogEvent', () => {
  it('builds the site catalog from product and variant events', async () => {
    await apply(productEvent('product/created', 1, product()), variantEvent('variant/created', 1, variant()));

    const site = (await catalogs.catalogOf(STORE)).catalog;

    expect(site.products.map((entry) => [entry.product.name, entry.variants.map((v) => [v.id, v.in_stock])])).toEqual([
      ['Green Tea', [[70, 5]]],
    ]);
    expect(site.variantById.get(70)?.product.product.id).toBe(7);
  });

  it('never regresses a record: a late or repeated older event changes nothing', async () => {
    await apply(
      productEvent('product/created', 1, product()),
      variantEvent('variant/updated', 3, variant({ in_stock: 2 })),
      variantEvent('variant/updated', 2, variant({ in_stock: 4 })),
      productEvent('product/updated', 3, product({ name: 'Sencha' })),
      productEvent('product/updated', 2, product({ name: 'Old name' })),
      variantEvent('variant/updated', 3, variant({ in_stock: 2 })),
    );

    const site = (await catalogs.catalogOf(STORE)).catalog;

    expect(site.products[0]!.product.name).toBe('Sencha');
    expect(site.products[0]!.variants[0]!.in_stock).toBe(2);
  });

  it('changes nothing, not even the version, when every event comes again: once more in order, then late, newest first', async () => {
    const large = variant({ id: 71, name: 'Large', position: 2, is_default_variant: false });
    const teas = catalog.Collection.fromPartial({ id: 3, name: 'Teas', product_ids: [7] });
    const history = [
      productEvent('product/created', 1, product({ variants: [variant(), large] })),
      variantEvent('variant/created', 1, variant()),
      variantEvent('variant/created', 1, large),
      collectionEvent('collection/created', 1, teas),
      productEvent('product/updated', 2, product({ name: 'Sencha', variants: [variant({ in_stock: 3 }), large] })),
      variantEvent('variant/updated', 2, variant({ in_stock: 3 })),
      variantEvent('variant/deleted', 2, large),
      collectionEvent('collection/updated', 2, { ...teas, name: 'All teas' }),
      productEvent('product/created', 1, product({ id: 8, name: 'Gone', variants: [] })),
      productEvent('product/deleted', 2, product({ id: 8, name: 'Gone', variants: [] })),
    ];
    await apply(...history);
    const version = await projection.versionOf(STORE);
    const records = await projection.liveRecordsOf(STORE);

    await apply(...history, ...[...history].reverse());

    expect(await projection.versionOf(STORE)).toBe(version);
    expect(await projection.liveRecordsOf(STORE)).toEqual(records);
    expect(records.products.map((p) => p.name)).toEqual(['Sencha']);
    expect(records.variants.map((v) => [v.id, v.in_stock])).toEqual([[70, 3]]);
    expect(records.collections.map((c) => c.name)).toEqual(['All teas']);
  });

  it('shows a change on the site once its event comes again, when the first delivery wrote it but failed to move the version', async () => {
    await apply(productEvent('product/created', 1, product()));
    expect((await catalogs.catalogOf(STORE)).catalog.products[0]!.product.name).toBe('Green Tea');
    const renamed = productEvent('product/updated', 2, product({ name: 'Sencha' }));
    const bumpFailing = Object.create(projection, { bumpVersion: { value: () => Promise.reject(new Error('disk full')) } });

    await expect(applyCatalogEvent({ projection: bumpFailing }, renamed)).rejects.toThrow('disk full');
    expect((await catalogs.catalogOf(STORE)).catalog.products[0]!.product.name).toBe('Green Tea');
    // The consumer delivers the event again: the record is already written, the version moves now.
    await applyCatalogEvent({ projection }, renamed, { redelivered: true });

    expect((await catalogs.catalogOf(STORE)).catalog.products[0]!.product.name).toBe('Sencha');
  });

  it("takes a variant from its product's snapshot only until a variant event says otherwise", async () => {
    // The product event arrives before its variant/created: the snapshot fills in; the variant's events win after.
    await apply(productEvent('product/created', 1, product({ variants: [variant({ in_stock: 9 })] })));
    expect((await catalogs.catalogOf(STORE)).catalog.variantById.get(70)?.variant.in_stock).toBe(9);

    await apply(variantEvent('variant/created', 1, variant({ in_stock: 9 })), variantEvent('variant/updated', 2, variant({ in_stock: 1 })));
    await apply(productEvent('product/updated', 2, product({ variants: [variant({ in_stock: 9 })] })));
    expect((await catalogs.catalogOf(STORE)).catalog.variantById.get(70)?.variant.in_stock).toBe(1);
  });

  it('removes deleted products, variants and collections, and a late older event does not bring them back', async () => {
    const teas = catalog.Collection.fromPartial({ id: 3, name: 'Teas', product_ids: [7] });
    await apply(
      productEvent('product/created', 1, product()),
      variantEvent('variant/created', 1, variant()),
      variantEvent('variant/created', 1, variant({ id: 71, name: 'Large', position: 2, is_default_variant: false })),
      collectionEvent('collection/created', 1, teas),
    );
    expect((await catalogs.catalogOf(STORE)).catalog.collections.map((c) => c.name)).toEqual(['Teas']);

    await apply(variantEvent('variant/deleted', 2, variant({ id: 71, name: 'Large', position: 2, is_default_variant: false })));
    expect((await catalogs.catalogOf(STORE)).catalog.products[0]!.variants.map((v) => v.id)).toEqual([70]);

    await apply(collectionEvent('collection/deleted', 2, teas), productEvent('product/deleted', 2, product()));
    await apply(productEvent('product/updated', 1, product({ name: 'Zombie' })), collectionEvent('collection/updated', 1, teas));

    const site = (await catalogs.catalogOf(STORE)).catalog;
    expect(site.products).toEqual([]);
    expect(site.variantById.size).toBe(0);
    expect(site.collections).toEqual([]);
  });

  it('keeps hidden products off the site but in the projection, and shows them again when active', async () => {
    await apply(productEvent('product/created', 1, product({ status: 'hidden' })), variantEvent('variant/created', 1, variant()));
    expect((await catalogs.catalogOf(STORE)).catalog.products).toEqual([]);

    await apply(productEvent('product/updated', 2, product({ status: 'active' })));
    expect((await catalogs.catalogOf(STORE)).catalog.products.map((entry) => entry.product.id)).toEqual([7]);
  });

  it('ignores topics that are not catalog records, and keeps stores apart', async () => {
    await apply(productEvent('product/created', 1, product()));
    await applyCatalogEvent(
      { projection },
      newEvent({
        topic: 'shipping_group/created',
        storeId: STORE,
        resourceType: 'shipping_group',
        resourceId: 1,
        sequence: 1,
        resource: {} as never,
      }),
    );

    expect((await catalogs.catalogOf(STORE)).catalog.products).toHaveLength(1);
    expect((await catalogs.catalogOf(STORE + 1)).catalog.products).toEqual([]);
  });
});

describe('SiteCatalogs', () => {
  it('brings the store up to date only when the projection changed it', async () => {
    await apply(productEvent('product/created', 1, product()));
    const first = await catalogs.catalogOf(STORE);
    expect(first.version).toBe(1);

    await apply(productEvent('product/updated', 2, product({ name: 'Sencha' })));
    const second = await catalogs.catalogOf(STORE);
    expect(second.version).toBe(2);
    expect(second.catalog.products[0]!.product.name).toBe('Sencha');

    // A repeated event changes nothing, so the kept catalog stays as it is.
    await apply(productEvent('product/updated', 2, product({ name: 'Sencha' })));
    expect(await catalogs.catalogOf(STORE)).toEqual(second);
  });
});
