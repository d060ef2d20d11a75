import { newEvent } from '@commerce/events';
import { openDatabase, type Database } from '@commerce/persistence';
import { StoreZoneRepository, type StoreSettings, type StoreZoneDocument } from './store-zone.repository';
import { applyStoreEvent, storeSettings, storeZone, type StorefrontPort } from './store-zones';

const SECOND = new Date('2026-05-01T10:00:00Z');
const LATER = new Date('2026-05-01T10:00:05Z');
const TOKYO: StoreSettings = { time_zone: 'Asia/Tokyo', currency: 'JPY', prices_include_tax: true };

let db: Database;
let collection: ReturnType<Database['collection']>;
let zones: StoreZoneRepository;
let asked: number[];
let storefrontKnows: Record<number, { settings: StoreSettings; updatedAt: Date }>;
const storefront: StorefrontPort = {
  storeSettings: async (storeId) => {
    asked.push(storeId);
    return storefrontKnows[storeId] ?? null;
  },
};

beforeEach(async () => {
  db = await openDatabase({ engine: 'memory' });
  collection = db.collection<StoreZoneDocument>(StoreZoneRepository.collection);
  await StoreZoneRepository.ensureIndexes(collection as never);
  zones = new StoreZoneRepository(collection as never);
  asked = [];
  storefrontKnows = { 7: { settings: TOKYO, updatedAt: SECOND } };
});
afterEach(() => db.close());

const storeEvent = (topic: 'store/created' | 'store/updated', storeId: number, store: Record<string, unknown>, updatedAt: Date) =>
  newEvent({
    topic,
    storeId,
    resourceType: 'store',
    resourceId: storeId,
    sequence: 1,
    resource: { ...store, updated_at: updatedAt.toISOString() } as never,
  });

describe('storeSettings and storeZone', () => {
  it('asks the storefront once for a store it has not seen, then answers from the projection', async () => {
    expect(await storeSettings({ zones, storefront }, 7)).toEqual(TOKYO);
    expect(await storeZone({ zones, storefront }, 7)).toBe('Asia/Tokyo');
    expect(asked).toEqual([7]);
  });

  it('answers NOT_FOUND for a store the storefront does not know', async () => {
    await expect(storeSettings({ zones, storefront }, 8)).rejects.toMatchObject({ reason: 'NOT_FOUND', message: 'store not found' });
    await expect(storeZone({ zones, storefront }, 8)).rejects.toMatchObject({ reason: 'NOT_FOUND' });
  });

  it('reads a row kept before stores had a currency as USD, prices without tax', async () => {
    await collection.insertOne({ store_id: 5, time_zone: 'Europe/Paris', updated_at: SECOND });
    expect(await storeSettings({ zones, storefront }, 5)).toEqual({
      time_zone: 'Europe/Paris',
      currency: 'USD',
      prices_include_tax: false,
    });
    expect(asked).toEqual([]);
  });
});

describe('applyStoreEvent', () => {
  it('follows store events, and a late older one never replaces newer settings', async () => {
    const paris = { time_zone: 'Europe/Paris', currency: 'EUR', prices_include_tax: true };
    await applyStoreEvent({ zones }, storeEvent('store/created', 9, paris, SECOND));
    await applyStoreEvent({ zones }, storeEvent('store/updated', 9, { ...paris, time_zone: 'Asia/Kolkata', currency: 'KWD' }, LATER));
    await applyStoreEvent({ zones }, storeEvent('store/updated', 9, { ...paris, currency: 'JPY' }, SECOND));
    expect(await storeSettings({ zones, storefront }, 9)).toEqual({ time_zone: 'Asia/Kolkata', currency: 'KWD', prices_include_tax: true });
    expect(asked).toEqual([]);
  });

  it('reads an event without a currency (a storefront from before currencies) as USD', async () => {
    await applyStoreEvent({ zones }, storeEvent('store/created', 4, { time_zone: 'UTC' }, SECOND));
    expect(await zones.find(4)).toEqual({ time_zone: 'UTC', currency: 'USD', prices_include_tax: false });
  });

  it('takes a change made in the same second as the version read from the storefront', async () => {
    await storeSettings({ zones, storefront }, 7);
    await applyStoreEvent({ zones }, storeEvent('store/updated', 7, { ...TOKYO, time_zone: 'America/Chicago', currency: 'USD' }, SECOND));
    expect(await zones.find(7)).toEqual({ time_zone: 'America/Chicago', currency: 'USD', prices_include_tax: true });
  });
});
