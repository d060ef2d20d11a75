import { newEvent } from '@commerce/events';
import { openDatabase, type Database } from '@commerce/persistence';
import { StoreZoneRepository, type StoreZoneDocument } from './store-zone.repository';
import { applyStoreEvent, storeZone, type StorefrontPort } from './store-zones';

const SECOND = new Date('2026-05-01T10:00:00Z');
const LATER = new Date('2026-05-01T10:00:05Z');

let db: Database;
let zones: StoreZoneRepository;
let asked: number[];
let storefrontKnows: Record<number, { timeZone: string; updatedAt: Date }>;
const storefront: StorefrontPort = {
  storeZone: async (storeId) => {
    asked.push(storeId);
    return storefrontKnows[storeId] ?? null;
  },
};

beforeEach(async () => {
  db = await openDatabase({ engine: 'memory' });
  const collection = db.collection<StoreZoneDocument>(StoreZoneRepository.collection);
  await StoreZoneRepository.ensureIndexes(collection);
  zones = new StoreZoneRepository(collection);
  asked = [];
  storefrontKnows = { 7: { timeZone: 'Asia/Tokyo', updatedAt: SECOND } };
});
afterEach(() => db.close());

const storeEvent = (topic: 'store/created' | 'store/updated', storeId: number, timeZone: string, updatedAt: Date) =>
  newEvent({
    topic,
    storeId,
    resourceType: 'store',
    resourceId: storeId,
    sequence: 1,
    resource: { time_zone: timeZone, updated_at: updatedAt.toISOString() } as never,
  });

describe('storeZone', () => {
  it('asks the storefront once for a store it has not seen, then answers from the projection', async () => {
    expect(await storeZone({ zones, storefront }, 7)).toBe('Asia/Tokyo');
    expect(await storeZone({ zones, storefront }, 7)).toBe('Asia/Tokyo');
    expect(asked).toEqual([7]);
  });

  it('answers NOT_FOUND for a store the storefront does not know', async () => {
    await expect(storeZone({ zones, storefront }, 8)).rejects.toMatchObject({ reason: 'NOT_FOUND', message: 'store not found' });
  });
});

describe('applyStoreEvent', () => {
  it('follows store events, and a late older one never replaces a newer zone', async () => {
    await applyStoreEvent({ zones }, storeEvent('store/created', 9, 'Europe/Paris', SECOND));
    await applyStoreEvent({ zones }, storeEvent('store/updated', 9, 'Asia/Kolkata', LATER));
    await applyStoreEvent({ zones }, storeEvent('store/updated', 9, 'Europe/Berlin', SECOND));
    expect(await storeZone({ zones, storefront }, 9)).toBe('Asia/Kolkata');
    expect(asked).toEqual([]);
  });

  it('takes a change made in the same second as the version read from the storefront', async () => {
    await storeZone({ zones, storefront }, 7);
    await applyStoreEvent({ zones }, storeEvent('store/updated', 7, 'America/Chicago', SECOND));
    expect(await zones.find(7)).toBe('America/Chicago');
  });
});
