import { openDatabase, type Database } from '@commerce/persistence';
import { waitFor } from '@commerce/testing';
import type { CatalogChanges } from '../domain/kept-store-catalog';
import { CatalogProjectionRepository } from '../infra/catalog-projection.repository';
import { aCollection, aProduct, aVariant } from '../infra/catalog-records.fixture';
import { ensureStorefrontIndexes } from '../infra/indexes';
import { SiteCatalogs, type CatalogProjectionReader } from './site-catalogs';

const STORE = 4;

/** The repository as the site reads it, recording the reads of records and letting a test hold or fail one. */
class WatchedReader implements CatalogProjectionReader {
  readonly reads: string[] = [];
  /** Called before each read of changes; may throw or wait. */
  beforeChanges: (version: number) => Promise<void> = () => Promise.resolve();
  /** Called as a read of a whole store starts. */
  onWholeRead: (storeId: number) => void = () => {};

  constructor(private readonly projection: CatalogProjectionRepository) {}

  versionOf(storeId: number) {
    return this.projection.versionOf(storeId);
  }

  liveRecordsOf(storeId: number) {
    this.reads.push(`whole store ${storeId}`);
    this.onWholeRead(storeId);
    return this.projection.liveRecordsOf(storeId);
  }

  async changesSince(storeId: number, version: number): Promise<CatalogChanges> {
    this.reads.push(`changes of ${storeId} since ${version}`);
    await this.beforeChanges(version);
    return this.projection.changesSince(storeId, version);
  }
}

let db: Database;
let projection: CatalogProjectionRepository;
let reader: WatchedReader;
let catalogs: SiteCatalogs;
let sequence: number;

beforeEach(async () => {
  db = await openDatabase({ engine: 'memory' });
  await ensureStorefrontIndexes(db);
  projection = CatalogProjectionRepository.open(db);
  reader = new WatchedReader(projection);
  catalogs = new SiteCatalogs(reader);
  sequence = 1;
});
afterEach(() => db.close());

/** Writes the records as the consumer does (each newer than the last), then moves the store's version. */
async function change(write: (next: number) => Promise<unknown>, storeId = STORE): Promise<void> {
  sequence += 1;
  await write(sequence);
  await projection.bumpVersion(storeId);
}

/** What a replica starting now would show: the store read whole. */
const fullRead = async () => (await new SiteCatalogs(projection).catalogOf(STORE)).catalog;

const names = async (storeId = STORE) => (await catalogs.catalogOf(storeId)).catalog.products.map((entry) => entry.product.name);

describe('SiteCatalogs', () => {
  it('reads the whole store once, then only the records written since its version, and shows what a full read shows', async () => {
    await change(async (n) => {
      for (const id of [7, 8, 9]) {
        await projection.applyProduct(STORE, n, aProduct({ id, name: `Tea ${id}` }), false);
        await projection.applyVariant(STORE, n, aVariant({ id: id * 10, product_id: id }), false);
      }
      await projection.applyCollection(STORE, n, aCollection({ product_ids: [7, 8] }), false);
    });
    expect((await catalogs.catalogOf(STORE)).catalog).toEqual(await fullRead());

    const steps: Array<(n: number) => Promise<unknown>> = [
      (n) => projection.applyVariant(STORE, n, aVariant({ in_stock: 2 }), false),
      (n) => projection.applyProduct(STORE, n, aProduct({ id: 8, name: 'Tea 8', status: 'hidden' }), false),
      (n) => projection.applyVariant(STORE, n, aVariant({ id: 81, product_id: 8, position: 0 }), false),
      (n) => projection.applyProduct(STORE, n, aProduct({ id: 8, name: 'Tea 8', status: 'active' }), false),
      (n) => projection.applyVariant(STORE, n, aVariant({ id: 90, product_id: 9 }), true),
      (n) => projection.applyProduct(STORE, n, aProduct({ id: 7, name: 'Tea 7' }), true),
      (n) => projection.applyProduct(STORE, n, aProduct({ id: 12, name: 'Tea 12' }), false),
      (n) => projection.applyCollection(STORE, n, aCollection({ id: 3, name: 'All teas', product_ids: [12, 8] }), false),
    ];
    for (const step of steps) {
      await change(step);
      const { version, catalog } = await catalogs.catalogOf(STORE);

      expect(version).toBe(await projection.versionOf(STORE));
      expect(catalog).toEqual(await fullRead());
    }
    expect(await names()).toEqual(['Tea 12', 'Tea 9', 'Tea 8']);
    expect(reader.reads).toEqual(['whole store 4', ...steps.map((_, n) => `changes of 4 since ${n + 1}`)]);
  });

  it('keeps the catalog as it was when a read of changes fails, and applies them on the next page', async () => {
    await change((n) => projection.applyProduct(STORE, n, aProduct(), false));
    expect(await names()).toEqual(['Green Tea']);
    await change((n) => projection.applyProduct(STORE, n, aProduct({ name: 'Sencha' }), false));
    reader.beforeChanges = () => Promise.reject(new Error('database gone'));

    await expect(catalogs.catalogOf(STORE)).rejects.toThrow('database gone');

    reader.beforeChanges = () => Promise.resolve();
    const { version, catalog } = await catalogs.catalogOf(STORE);
    expect(version).toBe(2);
    expect(catalog).toEqual(await fullRead());
    expect(await names()).toEqual(['Sencha']);
    expect(reader.reads).toEqual(['whole store 4', 'changes of 4 since 1', 'changes of 4 since 1']);
  });

  it('reads the store whole on the next page after changes it could not apply', async () => {
    await change((n) => projection.applyProduct(STORE, n, aProduct(), false));
    await catalogs.catalogOf(STORE);
    await change((n) => projection.applyProduct(STORE, n, aProduct({ name: 'Sencha' }), false));
    const spoiled = jest.spyOn(projection, 'changesSince').mockResolvedValueOnce({
      products: [
        { deleted: false, product: aProduct({ id: 8 }) },
        { deleted: false, product: undefined as never },
      ],
      variants: [],
      collections: [],
    });

    await expect(catalogs.catalogOf(STORE)).rejects.toThrow(TypeError);
    spoiled.mockRestore();

    expect(await names()).toEqual(['Sencha']);
    expect(reader.reads).toEqual(['whole store 4', 'changes of 4 since 1', 'whole store 4']);
  });

  it('shares one read among the readers of a store asking at once', async () => {
    await change((n) => projection.applyProduct(STORE, n, aProduct(), false));
    await catalogs.catalogOf(STORE);
    await change((n) => projection.applyVariant(STORE, n, aVariant({ in_stock: 1 }), false));

    const [first, second] = await Promise.all([catalogs.catalogOf(STORE), catalogs.catalogOf(STORE)]);

    expect(first).toEqual(second);
    expect(first.catalog.variantById.get(70)?.variant.in_stock).toBe(1);
    expect(reader.reads).toEqual(['whole store 4', 'changes of 4 since 1']);
  });

  it('runs one update of a store at a time: one asked meanwhile starts from the version the running one reaches', async () => {
    await change((n) => projection.applyProduct(STORE, n, aProduct(), false));
    await catalogs.catalogOf(STORE);
    let release = () => {};
    reader.beforeChanges = () => new Promise<void>((resolve) => (release = resolve));

    await change((n) => projection.applyProduct(STORE, n, aProduct({ name: 'Sencha' }), false));
    const running = catalogs.catalogOf(STORE);
    await waitFor(() => reader.reads.length === 2, { timeoutMs: 2_000, message: 'the first update is reading' });
    await change((n) => projection.applyProduct(STORE, n, aProduct({ name: 'Matcha' }), false));
    const queued = [catalogs.catalogOf(STORE), catalogs.catalogOf(STORE)];
    await new Promise((resolve) => setImmediate(resolve));
    expect(reader.reads).toHaveLength(2);

    reader.beforeChanges = () => Promise.resolve();
    release();
    expect((await running).version).toBe(2);
    const [after, alongside] = await Promise.all(queued);

    expect(after.version).toBe(3);
    expect(after.catalog).toEqual(await fullRead());
    expect(alongside).toEqual(after);
    expect(await names()).toEqual(['Matcha']);
    expect(reader.reads).toEqual(['whole store 4', 'changes of 4 since 1', 'changes of 4 since 2']);
  });

  it("answers another store's page asked while a big store's first read is in progress, before that read ends", async () => {
    const [big, other] = [STORE, STORE + 1];
    await change(async (n) => {
      for (let id = 1; id <= 30; id++) await projection.applyProduct(big, n, aProduct({ id, name: `Tea ${id}` }), false);
    }, big);
    await change((n) => projection.applyProduct(other, n, aProduct({ name: 'Sencha' }), false), other);
    // Six pages of products for the big store.
    const paged = new WatchedReader(CatalogProjectionRepository.open(db, { readPageSize: 5 }));
    const site = new SiteCatalogs(paged);
    await site.catalogOf(other);
    const answered: string[] = [];
    const answer = (storeId: number) =>
      site.catalogOf(storeId).then(({ catalog }) => answered.push(`${storeId}: ${catalog.products.length}`));
    // The other store's page arrives on the next turn of the event loop after the big read started.
    const otherAnswered = new Promise((resolve) => {
      paged.onWholeRead = (storeId) => void (storeId === big && setImmediate(() => resolve(answer(other))));
    });

    await Promise.all([answer(big), otherAnswered]);

    expect(answered).toEqual([`${other}: 1`, `${big}: 30`]);
    expect(paged.reads).toEqual([`whole store ${other}`, `whole store ${big}`]);
  });

  it('keeps at most its number of stores, dropping the one least recently read again', async () => {
    const few = new SiteCatalogs(reader, 1);
    await change((n) => projection.applyProduct(STORE, n, aProduct(), false));
    await change((n) => projection.applyProduct(STORE + 1, n, aProduct({ name: 'Sencha' }), false), STORE + 1);

    await few.catalogOf(STORE);
    await few.catalogOf(STORE + 1);
    expect((await few.catalogOf(STORE)).catalog.products[0]!.product.name).toBe('Green Tea');

    expect(reader.reads).toEqual(['whole store 4', 'whole store 5', 'whole store 4']);
  });
});
