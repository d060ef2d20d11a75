import { openDatabase, type Database } from '@commerce/persistence';
import { waitFor } from '@commerce/testing';
import { CatalogProjectionRepository } from '../infra/catalog-projection.repository';
import { aProduct } from '../infra/catalog-records.fixture';
import { ensureStorefrontIndexes } from '../infra/indexes';
import { SiteCatalogs } from './site-catalogs';
import { catalogWarmUp, type CatalogWarmUpDeps } from './warm-site-catalogs';

const DAY_MS = 24 * 60 * 60 * 1000;
const START = new Date('2026-03-10T12:00:00Z');

let db: Database;
let now: Date;
let projection: CatalogProjectionRepository;
let catalogs: SiteCatalogs;
/** The stores whose whole catalog was read, in order. */
let wholeReads: number[];
let logger: { info: jest.Mock; warn: jest.Mock };

beforeEach(async () => {
  db = await openDatabase({ engine: 'memory' });
  await ensureStorefrontIndexes(db);
  now = START;
  projection = CatalogProjectionRepository.open(db, { clock: () => now });
  catalogs = new SiteCatalogs(projection);
  wholeReads = [];
  const read = projection.liveRecordsOf.bind(projection);
  jest.spyOn(projection, 'liveRecordsOf').mockImplementation((storeId) => {
    wholeReads.push(storeId);
    return read(storeId);
  });
  logger = { info: jest.fn(), warn: jest.fn() };
});
afterEach(() => db.close());

/** A product of the store's, written and its version moved `daysAgo` days before the start. */
async function changed(storeId: number, daysAgo: number): Promise<void> {
  now = new Date(START.getTime() - daysAgo * DAY_MS);
  await projection.applyProduct(storeId, 1, aProduct({ name: `Tea of ${storeId}` }), false);
  await projection.bumpVersion(storeId);
  now = START;
}

const warmUp = (deps: Partial<CatalogWarmUpDeps> = {}) =>
  catalogWarmUp({ stores: projection, catalogs, clock: () => now, logger, maxStores: 500, ...deps });

describe('catalogWarmUp', () => {
  it('reads the catalogs of the stores changed in the last 7 days, latest first, so their first pages read no store whole', async () => {
    await changed(1, 3);
    await changed(2, 8);
    await changed(3, 0.5);
    await changed(4, 6.9);
    const task = warmUp();

    await task.start();
    await task.finished;

    expect(wholeReads).toEqual([3, 1, 4]);
    const page = await catalogs.catalogOf(1);
    expect(page.catalog.products.map((entry) => entry.product.name)).toEqual(['Tea of 1']);
    expect(wholeReads).toEqual([3, 1, 4]);
    expect(logger.info).toHaveBeenCalledWith(expect.objectContaining({ warmed: 3, stores: 3 }), expect.any(String));
    await task.stop();
  });

  it('warms no more stores than it may keep: the latest ones', async () => {
    for (const [store, daysAgo] of [
      [1, 3],
      [2, 1],
      [3, 2],
    ])
      await changed(store!, daysAgo!);
    const task = warmUp({ maxStores: 2 });

    await task.start();
    await task.finished;

    expect(wholeReads).toEqual([2, 3]);
  });

  it('logs a store it could not read and goes on with the next', async () => {
    await changed(1, 2);
    await changed(2, 1);
    jest.mocked(projection.liveRecordsOf).mockRejectedValueOnce(new Error('disk unreadable'));
    const task = warmUp();

    await task.start();
    await task.finished;

    expect(logger.warn).toHaveBeenCalledWith({ err: new Error('disk unreadable'), store_id: 2 }, expect.any(String));
    expect((await catalogs.catalogOf(1)).catalog.products).toHaveLength(1);
    expect(wholeReads).toEqual([1]);
  });

  it('shares the read of the store it is warming with a page asking for it, and stops after that store', async () => {
    await changed(1, 2);
    await changed(2, 1);
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const read = jest.mocked(projection.liveRecordsOf).getMockImplementation()!;
    jest.mocked(projection.liveRecordsOf).mockImplementationOnce(async (storeId) => {
      const records = read(storeId);
      await held;
      return records;
    });
    const task = warmUp();
    await task.start();
    await waitFor(() => wholeReads.length === 1, { timeoutMs: 2_000, message: 'the warm-up reading store 2' });

    const page = catalogs.catalogOf(2);
    const stopped = task.stop();
    release();
    await stopped;

    expect((await page).catalog.products).toHaveLength(1);
    expect(wholeReads).toEqual([2]);
    await catalogs.catalogOf(2);
    expect(wholeReads).toEqual([2]);
  });

  it('warms nothing, and says why, when it cannot list the stores', async () => {
    await changed(1, 1);
    const task = warmUp({ stores: { storesChangedSince: () => Promise.reject(new Error('database gone')) } });

    await task.start();
    await task.finished;

    expect(wholeReads).toEqual([]);
    expect(logger.warn).toHaveBeenCalledWith({ err: new Error('database gone') }, expect.any(String));
  });
});
