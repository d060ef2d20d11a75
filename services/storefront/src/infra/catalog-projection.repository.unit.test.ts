import { ensureStorefrontIndexes } from './indexes';
import { presentProduct, presentVariant } from '@commerce/api-presenters';
import { catalog } from '@commerce/contracts';
import { DuplicateKeyError, explainEmbeddedQuery, openDatabase, type Collection, type Database, type Doc } from '@commerce/persistence';
import { waitFor } from '@commerce/testing';
import { newEvent, type DomainEvent } from '@commerce/events';
import { applyCatalogEvent } from '../app/catalog-projection';
import { SiteCatalogs } from '../app/site-catalogs';
import { CatalogProjectionRepository, type CatalogProjectionCollections } from './catalog-projection.repository';
import { aCatalogVariant, aProduct, aVariant } from './catalog-records.fixture';

const STORE = 4;
const context = catalog.StoreContext.fromPartial({ time_zone: 'UTC', url: 'https://tea.shops.example', subdomain: 'tea' });
/** What every write sets besides the record: unstamped until the store's next bump, under a token of the write's own. */
const UNSTAMPED = { stamp: 0, token: expect.any(String) as unknown };

/** The collection with every call named in `calls`: the statements the projection spends. */
function counted<T extends Doc>(name: string, collection: Collection<T>, calls: string[]): Collection<T> {
  return new Proxy(collection, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        calls.push(`${name}.${String(property)}`);
        return (value as (...args: unknown[]) => unknown).apply(target, args);
      };
    },
  });
}

/** The collection whose calls of `method` each wait for `release` (or fail with `fail`), in call order. */
function gatedCalls<T extends Doc>(collection: Collection<T>, method: 'findOneAndUpdate' | 'updateMany') {
  const gates: Array<{ resolve: () => void; reject: (error: Error) => void }> = [];
  let started = 0;
  const gated = new Proxy(collection, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (property !== method) return value;
      return async (...args: unknown[]) => {
        started += 1;
        await new Promise<void>((resolve, reject) => gates.push({ resolve, reject }));
        return (value as (...args: unknown[]) => unknown).apply(target, args);
      };
    },
  });
  return {
    gated,
    started: () => started,
    release: () => gates.shift()!.resolve(),
    fail: (error: Error) => gates.shift()!.reject(error),
  };
}

/** Whether the promise settled by now (after the microtasks already queued). */
async function isSettled(promise: Promise<unknown>): Promise<boolean> {
  const pending = Symbol('pending');
  const first = await Promise.race([
    promise.then(
      () => true,
      () => true,
    ),
    new Promise((resolve) => setImmediate(() => resolve(pending))),
  ]);
  return first !== pending;
}

let db: Database;
let collections: CatalogProjectionCollections;
let calls: string[];
let projection: CatalogProjectionRepository;

beforeEach(async () => {
  db = await openDatabase({ engine: 'memory' });
  const raw = CatalogProjectionRepository.collectionsOf(db);
  await ensureStorefrontIndexes(db);
  calls = [];
  collections = {
    products: counted('products', raw.products, calls),
    variants: counted('variants', raw.variants, calls),
    collections: counted('collections', raw.collections, calls),
    versions: counted('versions', raw.versions, calls),
  };
  projection = new CatalogProjectionRepository(collections);
});
afterEach(() => db.close());

const storedProduct = () => collections.products.findOne({ store_id: STORE, id: 7 });
const storedVariant = () => collections.variants.findOne({ store_id: STORE, id: 70 });

describe('CatalogProjectionRepository applying records', () => {
  it("stores a resource's first event with one insert and no read, the equality fields with the rest", async () => {
    expect(await projection.applyProduct(STORE, 1, aProduct(), false)).toBe(true);

    expect(calls).toEqual(['products.insertOne']);
    expect(await storedProduct()).toEqual({ store_id: STORE, id: 7, sequence: 1, deleted: false, product: aProduct(), ...UNSTAMPED });
  });

  it('answers false for a first event applied again, and keeps the record it stored or a newer one', async () => {
    await projection.applyProduct(STORE, 1, aProduct(), false);

    expect(await projection.applyProduct(STORE, 1, aProduct({ name: 'Redelivered' }), false)).toBe(false);
    expect((await storedProduct())?.product.name).toBe(aProduct().name);

    await projection.applyProduct(STORE, 2, aProduct({ name: 'Sencha' }), false);
    expect(await projection.applyProduct(STORE, 1, aProduct({ name: 'Late' }), false)).toBe(false);
    expect(await storedProduct()).toMatchObject({ sequence: 2, product: { name: 'Sencha' } });
  });

  it('stores a new record at a later sequence (its first events were never seen) in one upsert', async () => {
    expect(await projection.applyProduct(STORE, 4, aProduct(), false)).toBe(true);

    expect(calls).toEqual(['products.updateOne']);
    expect(await storedProduct()).toEqual({ store_id: STORE, id: 7, sequence: 4, deleted: false, product: aProduct(), ...UNSTAMPED });
  });

  it('applies a newer sequence in one statement, and answers false for the same or an older one, changing nothing', async () => {
    await projection.applyProduct(STORE, 2, aProduct({ name: 'Sencha' }), false);
    calls.length = 0;

    expect(await projection.applyProduct(STORE, 2, aProduct({ name: 'Same sequence' }), false)).toBe(false);
    expect(await projection.applyProduct(STORE, 1, aProduct({ name: 'Older' }), false)).toBe(false);
    expect((await storedProduct())?.product.name).toBe('Sencha');

    calls.length = 0;
    expect(await projection.applyProduct(STORE, 3, aProduct({ name: 'Matcha' }), false)).toBe(true);
    expect(calls).toEqual(['products.updateOne']);
    expect(await storedProduct()).toMatchObject({ sequence: 3, product: { name: 'Matcha' } });
  });

  it('keeps a tombstone against an older event', async () => {
    await projection.applyVariant(STORE, 2, aVariant(), true);

    expect(await projection.applyVariant(STORE, 1, aVariant({ in_stock: 9 }), false)).toBe(false);
    expect(await storedVariant()).toMatchObject({ sequence: 2, deleted: true, variant: { in_stock: 5 } });
  });

  it("seeds the variants of a product's snapshot the projection has never seen, and reads only once they are all stored", async () => {
    expect(await projection.seedVariants(STORE, [aVariant({ in_stock: 9 })])).toBe(true);
    expect(calls).toEqual(['variants.findFields', 'variants.insertOne']);
    expect(await storedVariant()).toEqual({
      store_id: STORE,
      id: 70,
      product_id: 7,
      sequence: 0,
      deleted: false,
      variant: aVariant({ in_stock: 9 }),
      ...UNSTAMPED,
    });

    calls.length = 0;
    expect(await projection.seedVariants(STORE, [aVariant({ in_stock: 8 })])).toBe(false);
    expect(calls).toEqual(['variants.findFields']);
    expect(await projection.applyVariant(STORE, 1, aVariant({ in_stock: 2 }), false)).toBe(true);
    expect(await projection.seedVariants(STORE, [aVariant({ in_stock: 7 }), aVariant({ id: 71, in_stock: 6 })])).toBe(true);
    expect(await storedVariant()).toMatchObject({ sequence: 1, variant: { in_stock: 2 } });
    expect(await collections.variants.findOne({ store_id: STORE, id: 71 })).toMatchObject({ sequence: 0, variant: { in_stock: 6 } });
    expect(await projection.seedVariants(STORE, [])).toBe(false);
  });

  it('leaves a variant stored between its read and its insert (a racing event) as it is', async () => {
    const racing = new Proxy(collections.variants, {
      get(target, property, receiver) {
        if (property !== 'findFields') return Reflect.get(target, property, receiver) as unknown;
        return async (...args: Parameters<Collection<Doc>['findFields']>) => {
          const answer = await target.findFields(...args);
          await target.insertOne({
            store_id: STORE,
            id: 70,
            product_id: 7,
            sequence: 3,
            deleted: false,
            variant: aVariant({ in_stock: 1 }),
          });
          return answer;
        };
      },
    });
    const withRace = new CatalogProjectionRepository({ ...collections, variants: racing });

    expect(await withRace.seedVariants(STORE, [aVariant({ in_stock: 9 })])).toBe(false);
    expect(await storedVariant()).toMatchObject({ sequence: 3, variant: { in_stock: 1 } });
  });

  it('applies over an older record a racing writer inserted under it (MongoDB: the upsert collides)', async () => {
    // Between the upsert's miss and its insert, another writer stores sequence 1: the insert collides, ours is newer.
    const racing = new Proxy(collections.products, {
      get(target, property, receiver) {
        if (property !== 'updateOne') return Reflect.get(target, property, receiver) as unknown;
        return async (...args: Parameters<Collection<Doc>['updateOne']>) => {
          if (args[2]?.upsert) {
            await target.insertOne({ store_id: STORE, id: 7, sequence: 1, deleted: false, product: aProduct({ name: 'Racing' }) });
            throw new DuplicateKeyError({ index: 'catalog_products_store_id' });
          }
          return target.updateOne(...args);
        };
      },
    });
    const withRace = new CatalogProjectionRepository({ ...collections, products: racing });

    expect(await withRace.applyProduct(STORE, 2, aProduct({ name: 'Ours' }), false)).toBe(true);
    expect(await storedProduct()).toMatchObject({ sequence: 2, product: { name: 'Ours' } });
  });

  it('answers readers as before: live records only, and the version', async () => {
    await projection.applyProduct(STORE, 1, aProduct(), false);
    await projection.seedVariants(STORE, [aVariant()]);
    await projection.applyVariant(STORE, 1, aVariant({ id: 71 }), true);
    await projection.bumpVersion(STORE);

    expect(await projection.versionOf(STORE)).toBe(1);
    expect(await projection.versionOf(STORE + 1)).toBe(0);
    expect(await projection.liveRecordsOf(STORE)).toEqual({ products: [aProduct()], variants: [aVariant()], collections: [] });
  });
});

describe("CatalogProjectionRepository reading a store's whole catalog", () => {
  it('reads it in pages by id, a turn of the event loop apart, with every live record and no tombstone', async () => {
    const paged = new CatalogProjectionRepository(collections, { readPageSize: 2 });
    for (const id of [5, 1, 4, 2, 3]) await paged.applyProduct(STORE, 1, aProduct({ id, name: `Tea ${id}` }), false);
    await paged.applyProduct(STORE, 2, aProduct({ id: 3 }), true);
    await paged.applyProduct(STORE + 1, 1, aProduct({ id: 6 }), false);
    await paged.applyVariant(STORE, 1, aVariant(), false);
    calls.length = 0;
    // Notes each turn of the event loop in `calls`, from before the read starts.
    let reading = true;
    const turn = () => {
      calls.push('turn');
      if (reading) setImmediate(turn);
    };
    setImmediate(turn);

    const records = await paged.liveRecordsOf(STORE).finally(() => (reading = false));

    expect(records.products.map((product) => product.id)).toEqual([1, 2, 4, 5]);
    expect(records).toMatchObject({ variants: [aVariant()], collections: [] });
    // Products: two full pages, then an empty one; one page each of variants and collections; each read in a turn of its own.
    const reads = calls.filter((call) => call !== 'turn');
    expect(reads).toEqual([...Array<string>(3).fill('products.findFields'), 'variants.findFields', 'collections.findFields']);
    expect(calls.filter((call, at) => call !== 'turn' && at > 0 && calls[at - 1] !== 'turn')).toEqual([]);
  });

  it.each(['catalog_products', 'catalog_variants', 'catalog_collections'])(
    'reads a page of %s through its (store_id, id) index',
    (name) => {
      const page = { store_id: STORE, deleted: false, id: { $gt: 41 } };
      const { plan, exact } = explainEmbeddedQuery(db, name, page, { sort: { id: 1 }, limit: 2_000 });

      expect(exact).toBe(true);
      expect(plan.join('\n')).toMatch(new RegExp(`SEARCH c_${name} USING INDEX ${name}/${name}_store_id`));
      expect(plan.join('\n')).not.toMatch(/TEMP B-TREE/);
    },
  );
});

describe('CatalogProjectionRepository.storesChangedSince', () => {
  it('lists the stores whose version moved since a time, the latest first, at most as many as asked', async () => {
    let now = new Date('2026-03-01T00:00:00Z');
    const clocked = new CatalogProjectionRepository(collections, { clock: () => now });
    const at = (day: number) => new Date(`2026-03-${String(day).padStart(2, '0')}T00:00:00Z`);
    for (const [store, day] of [
      [1, 1],
      [2, 9],
      [3, 5],
      [4, 3],
      [1, 10],
    ]) {
      now = at(day!);
      await clocked.bumpVersion(store!);
    }
    // A store whose version last moved before versions kept the time.
    await collections.versions.insertOne({ store_id: 5, version: 3 });

    expect(await collections.versions.findOne({ store_id: 1 })).toMatchObject({ version: 2, updated_at: at(10) });
    expect(await clocked.storesChangedSince(at(3), 10)).toEqual([1, 2, 3, 4]);
    expect(await clocked.storesChangedSince(at(4), 2)).toEqual([1, 2]);
    expect(await clocked.storesChangedSince(at(11), 10)).toEqual([]);
  });

  it('finds them through the {updated_at: -1} index, sorting nothing', () => {
    const since = { updated_at: { $gte: new Date('2026-03-01T00:00:00Z') } };
    const { plan, exact } = explainEmbeddedQuery(db, 'catalog_versions', since, { sort: { updated_at: -1 }, limit: 500 });

    expect(exact).toBe(true);
    expect(plan.join('\n')).toMatch(/SEARCH c_catalog_versions USING INDEX catalog_versions\/catalog_versions_updated/);
    expect(plan.join('\n')).not.toMatch(/TEMP B-TREE/);
  });
});

describe('CatalogProjectionRepository.bumpVersion', () => {
  /** The repository whose version writes each wait for `versions.release()` (or `versions.fail`). */
  const gatedVersions = () => {
    const versions = gatedCalls(collections.versions, 'findOneAndUpdate');
    return { versions, gated: new CatalogProjectionRepository({ ...collections, versions: versions.gated }) };
  };

  it('shares one bump among the callers of a turn, and queues the callers of a running bump behind it', async () => {
    const { versions, gated } = gatedVersions();

    // Asked in one turn (the events of a batch once their commit resolved): one run, started at the end of the turn.
    const asked = [gated.bumpVersion(STORE), gated.bumpVersion(STORE), gated.bumpVersion(STORE)];
    await waitFor(() => versions.started() === 1, { timeoutMs: 2_000, message: 'the first bump started' });
    const queued = gated.bumpVersion(STORE);
    const joined = gated.bumpVersion(STORE);
    expect(await isSettled(queued)).toBe(false);

    versions.release();
    await Promise.all(asked);
    // The queued bump starts after the running one: it sees every write made before `queued` and `joined` were asked.
    await waitFor(() => versions.started() === 2, { timeoutMs: 2_000, message: 'the queued bump started' });
    expect(await isSettled(queued)).toBe(false);
    expect(await isSettled(joined)).toBe(false);

    versions.release();
    await Promise.all([queued, joined]);
    expect(versions.started()).toBe(2);
    expect(await gated.versionOf(STORE)).toBe(2);

    // Idle again: the next bump starts at the end of its turn.
    const next = gated.bumpVersion(STORE);
    await waitFor(() => versions.started() === 3, { timeoutMs: 2_000, message: 'a later bump started' });
    versions.release();
    await next;
    expect(await gated.versionOf(STORE)).toBe(3);
  });

  it('runs the queued bump even when the one before it failed', async () => {
    const { versions, gated } = gatedVersions();

    const failing = gated.bumpVersion(STORE);
    await waitFor(() => versions.started() === 1, { timeoutMs: 2_000, message: 'the first bump started' });
    const queued = gated.bumpVersion(STORE);
    versions.fail(new Error('disk full'));
    await expect(failing).rejects.toThrow('disk full');

    await waitFor(() => versions.started() === 2, { timeoutMs: 2_000, message: 'the queued bump started' });
    versions.release();
    await queued;
    expect(await gated.versionOf(STORE)).toBe(1);
  });

  it('keeps stores apart: a bump of one store never waits for or joins another store', async () => {
    const { versions, gated } = gatedVersions();

    const first = gated.bumpVersion(STORE);
    const other = gated.bumpVersion(STORE + 1);
    await waitFor(() => versions.started() === 2, { timeoutMs: 2_000, message: 'both stores bumping at once' });
    versions.release();
    versions.release();
    await Promise.all([first, other]);

    expect([await gated.versionOf(STORE), await gated.versionOf(STORE + 1)]).toEqual([1, 1]);
  });
});

describe('CatalogProjectionRepository stamps and changesSince', () => {
  /** The stamps of the store's stored records of a collection, by id. */
  const stampsOf = async (collection: Collection<Doc & { id: number; stamp?: number }>) =>
    Object.fromEntries((await collection.find({ store_id: STORE }, { sort: { id: 1 } })).map((doc) => [doc.id, doc.stamp]));
  /** What changesSince answers, as ids (a deleted record marked so). */
  const changedIds = async (reader: CatalogProjectionRepository, version: number) => {
    const changes = await reader.changesSince(STORE, version);
    const idOf = (deleted: boolean, id: number) => (deleted ? `${id} deleted` : `${id}`);
    return {
      products: changes.products.map((change) => idOf(change.deleted, change.product.id)),
      variants: changes.variants.map((change) => idOf(change.deleted, change.variant.id)),
      collections: changes.collections.map((change) => idOf(change.deleted, change.collection.id)),
    };
  };

  it('stamps the records written before a bump with its version; reads back those after a version and unstamped ones', async () => {
    await projection.applyProduct(STORE, 1, aProduct(), false);
    await projection.bumpVersion(STORE);
    await projection.applyVariant(STORE, 1, aVariant(), false);
    await projection.bumpVersion(STORE);
    await projection.applyVariant(STORE, 2, aVariant({ id: 71 }), true);
    // Written before stamps existed: the site's full load has it, changes never name it.
    await collections.products.insertOne({ store_id: STORE, id: 6, sequence: 1, deleted: false, product: aProduct({ id: 6 }) });

    expect(await stampsOf(collections.products)).toEqual({ 6: undefined, 7: 1 });
    expect(await stampsOf(collections.variants)).toEqual({ 70: 2, 71: 0 });
    expect(await changedIds(projection, 0)).toEqual({ products: ['7'], variants: ['71 deleted', '70'], collections: [] });
    expect(await changedIds(projection, 1)).toEqual({ products: [], variants: ['71 deleted', '70'], collections: [] });
    expect(await changedIds(projection, 2)).toEqual({ products: [], variants: ['71 deleted'], collections: [] });

    await projection.bumpVersion(STORE);
    expect(await changedIds(projection, 2)).toEqual({ products: [], variants: ['71 deleted'], collections: [] });
    expect(await changedIds(projection, 3)).toEqual({ products: [], variants: [], collections: [] });
  });

  it("leaves a write made while a bump runs to the next bump, and a failed bump's writes too", async () => {
    const versions = gatedCalls(collections.versions, 'findOneAndUpdate');
    const gated = new CatalogProjectionRepository({ ...collections, versions: versions.gated });
    await gated.applyProduct(STORE, 1, aProduct(), false);
    const first = gated.bumpVersion(STORE);
    await waitFor(() => versions.started() === 1, { timeoutMs: 2_000, message: 'the bump started' });
    await gated.applyProduct(STORE, 1, aProduct({ id: 8 }), false);

    versions.release();
    await first;
    expect(await stampsOf(collections.products)).toEqual({ 7: 1, 8: 0 });

    const failing = gated.bumpVersion(STORE);
    await waitFor(() => versions.started() === 2, { timeoutMs: 2_000, message: 'the second bump started' });
    versions.fail(new Error('disk full'));
    await expect(failing).rejects.toThrow('disk full');
    expect(await stampsOf(collections.products)).toEqual({ 7: 1, 8: 0 });

    const next = gated.bumpVersion(STORE);
    await waitFor(() => versions.started() === 3, { timeoutMs: 2_000, message: 'the third bump started' });
    versions.release();
    await next;
    expect(await stampsOf(collections.products)).toEqual({ 7: 1, 8: 2 });
  });

  it("shows a write made after another replica's bump moved the version, before that bump stamped its own records", async () => {
    // Two replicas' projections on one database; the other's stamping waits until released.
    const stamping = gatedCalls(collections.products, 'updateMany');
    const other = new CatalogProjectionRepository({ ...collections, products: stamping.gated });
    const site = new SiteCatalogs(projection);
    expect((await site.catalogOf(STORE)).catalog.products).toEqual([]);

    await other.applyProduct(STORE, 1, aProduct({ id: 8, name: 'Sencha' }), false);
    const otherBump = other.bumpVersion(STORE);
    await waitFor(() => stamping.started() === 1, { timeoutMs: 2_000, message: "the other replica's bump moved the version" });
    // The site reads version 1 and the changes since 0: product 8, still unstamped.
    expect(await site.catalogOf(STORE)).toMatchObject({ version: 1, catalog: { products: [{ product: { id: 8 } }] } });

    // This replica writes product 7 now, after version 1 was made; the other's bump must not stamp it with 1.
    await projection.applyProduct(STORE, 1, aProduct({ id: 7, name: 'Matcha' }), false);
    stamping.release();
    await otherBump;
    await projection.bumpVersion(STORE);

    expect(await stampsOf(collections.products)).toEqual({ 7: 2, 8: 1 });
    const { version, catalog: shown } = await site.catalogOf(STORE);
    expect(version).toBe(2);
    expect(shown.products.map((entry) => entry.product.name)).toEqual(['Sencha', 'Matcha']);
  });

  it('reads a record whose bump never came (its replica died after the write) on every read of changes', async () => {
    const died = new CatalogProjectionRepository(collections);
    const site = new SiteCatalogs(projection);
    await site.catalogOf(STORE);

    await died.applyProduct(STORE, 1, aProduct(), false);
    await projection.applyProduct(STORE, 1, aProduct({ id: 8 }), false);
    await projection.bumpVersion(STORE);

    expect((await site.catalogOf(STORE)).catalog.products.map((entry) => entry.product.id)).toEqual([8, 7]);
    expect(await changedIds(projection, 1)).toEqual({ products: ['7'], variants: [], collections: [] });
  });

  it.each([
    ['unstamped', { store_id: STORE, stamp: 0 }],
    ['stamped after a version', { store_id: STORE, stamp: { $gt: 41 } }],
  ])('reads %s records through the (store_id, stamp) index of each collection', (_what, filter) => {
    for (const name of ['catalog_products', 'catalog_variants', 'catalog_collections']) {
      const { plan, exact } = explainEmbeddedQuery(db, name, filter, {});

      expect(exact).toBe(true);
      expect(plan.join('\n')).toMatch(new RegExp(`SEARCH c_${name} USING INDEX ${name}/${name}_store_stamp`));
    }
  });
});

describe("applying a product create's events (product/created, then variant/created)", () => {
  const created = (id: number): DomainEvent[] => {
    const variant = aCatalogVariant({ id: id * 10, product_id: id, full_quantity: 0 });
    const product = catalog.Product.fromPartial({ id, name: `Tea ${id}`, status: 'active', cents: 1000, variants: [variant] });
    return [
      newEvent({
        topic: 'product/created',
        storeId: STORE,
        resourceType: 'product',
        resourceId: id,
        sequence: 1,
        resource: presentProduct(product, context),
      }),
      newEvent({
        topic: 'variant/created',
        storeId: STORE,
        resourceType: 'variant',
        resourceId: variant.id,
        sequence: 1,
        resource: presentVariant(variant, context),
      }),
    ];
  };

  it('applied one at a time, seeds the variant from the product, then its own event replaces the seed; one bump per event', async () => {
    for (const event of created(7)) await applyCatalogEvent({ projection }, event);

    // Each bump stamps the records written before it: the product and the seed, then the variant's own.
    expect(calls).toEqual([
      'products.insertOne',
      'variants.findFields',
      'variants.insertOne',
      'versions.findOneAndUpdate',
      'products.updateMany',
      'variants.updateMany',
      'variants.insertOne',
      'variants.updateOne',
      'versions.findOneAndUpdate',
      'variants.updateMany',
    ]);
    expect(await projection.versionOf(STORE)).toBe(2);
  });

  it('applied alongside (as the consumer does), the variant comes from its own event and the seed only reads', async () => {
    await Promise.all(created(7).map((event) => applyCatalogEvent({ projection }, event)));

    expect(calls.filter((call) => call.startsWith('variants.'))).toEqual([
      'variants.insertOne',
      'variants.findFields',
      'variants.updateMany',
    ]);
    expect(await collections.variants.findOne({ store_id: STORE, id: 70 })).toMatchObject({ sequence: 1, deleted: false });
  });

  it('shares version bumps between events applied at once, and the version still moves after the last change', async () => {
    const catalogs = new SiteCatalogs(projection);
    expect((await catalogs.catalogOf(STORE)).catalog.products).toEqual([]);
    const events = Array.from({ length: 30 }, (_, n) => created(100 + n)).flat();
    calls.length = 0;

    await Promise.all(events.map((event) => applyCatalogEvent({ projection }, event)));

    // One bump for all sixty: it starts once every event's own writes are done, and stamps them all.
    expect(calls.filter((call) => call.startsWith('versions.') || call.endsWith('.updateMany'))).toEqual([
      'versions.findOneAndUpdate',
      'products.updateMany',
      'variants.updateMany',
    ]);
    expect(await collections.variants.count({ store_id: STORE, stamp: 1 })).toBe(30);
    const { version, catalog: site } = await catalogs.catalogOf(STORE);
    expect(version).toBe(1);
    expect(site.products).toHaveLength(30);
    expect(site.variantById.size).toBe(30);
  });
});
