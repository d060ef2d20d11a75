import { OutboxCollection } from '@commerce/events';
import { isDomainError } from '@commerce/grpc-runtime';
import { openDatabase, type Database } from '@commerce/persistence';
import { StoreZoneRepository, type StoreZoneDocument } from '@commerce/store-zones';
import { DiscountRepository, type DiscountDocument } from '../infra/discount.repository';
import { ensureOrdersIndexes } from '../infra/indexes';
import { createDiscount, deleteDiscount, getDiscount, listDiscounts, updateDiscount } from './discounts';
import type { OrdersDeps } from './orders-deps';

const STORE = 3;
let db: Database;
let documents: OutboxCollection<DiscountDocument>;
let deps: Pick<OrdersDeps, 'discounts' | 'zones' | 'storefront' | 'nextId' | 'clock'>;
let now: Date;

beforeEach(async () => {
  db = await openDatabase({ engine: 'memory' });
  await ensureOrdersIndexes(db);
  documents = new OutboxCollection(db.collection<DiscountDocument>(DiscountRepository.collection));
  now = new Date('2026-11-26T12:00:00Z');
  deps = {
    discounts: new DiscountRepository(documents),
    zones: new StoreZoneRepository(db.collection<StoreZoneDocument>(StoreZoneRepository.collection)),
    storefront: {
      storeSettings: async () => ({
        settings: { time_zone: 'Asia/Tokyo', currency: 'JPY', prices_include_tax: false },
        updatedAt: new Date(0),
      }),
    },
    nextId: (counter) => db.nextId(counter),
    clock: () => now,
  };
});

afterEach(() => db.close());

async function violations(call: Promise<unknown>): Promise<Record<string, string[]>> {
  const error = await call.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  if (!isDomainError(error)) throw new Error(`expected a domain error, got ${String(error)}`);
  return error.fieldViolations ?? {};
}

const topicsOf = async (id: number) => ((await documents.documents.findOne({ id }))?.outbox ?? []).map((event) => event.topic);

describe('discount use cases', () => {
  it('creates with discount/created, keeps the percent in basis points and the code key lower-cased', async () => {
    const { discount, time_zone } = await createDiscount(deps, STORE, { code: 'Summer-10', kind: 'percentage', value: 12.5 });
    expect(time_zone).toBe('Asia/Tokyo');
    expect(discount).toMatchObject({ code: 'Summer-10', percent_bp: 1250, amount: 0, usage_limit: undefined, times_used: 0 });
    const stored = await documents.documents.findOne({ id: discount!.id });
    expect(stored).toMatchObject({ code_key: 'summer-10', version: 1 });
    expect(stored).not.toHaveProperty('usage_limit'); // unlimited: absent, so the redemption's filter can tell
    expect(await topicsOf(discount!.id)).toEqual(['discount/created']);
  });

  it('refuses a code the store has in another case, and lets another store have it', async () => {
    await createDiscount(deps, STORE, { code: 'Summer-10', kind: 'free_shipping' });
    expect(await violations(createDiscount(deps, STORE, { code: 'SUMMER-10', kind: 'free_shipping' }))).toEqual({
      code: ['is already the code of another discount of the store'],
    });
    await expect(createDiscount(deps, STORE + 1, { code: 'SUMMER-10', kind: 'free_shipping' })).resolves.toBeDefined();
  });

  it('updates the fields given, checks the record they make, and writes no event when nothing changes', async () => {
    const { discount } = await createDiscount(deps, STORE, { code: 'TEN', kind: 'fixed_amount', value: 1000, usage_limit: 5 });
    const id = discount!.id;
    now = new Date('2026-11-27T12:00:00Z');
    const updated = await updateDiscount(deps, STORE, id, { value: 1500, usage_limit: null });
    expect(updated.discount).toMatchObject({ amount: 1500, usage_limit: undefined, updated_at: now });
    expect(await violations(updateDiscount(deps, STORE, id, { kind: 'percentage' }))).toEqual({
      value: ['must be a percent greater than 0 and at most 100'],
    });
    await updateDiscount(deps, STORE, id, { value: 1500, code: 'TEN' });
    expect(await topicsOf(id)).toEqual(['discount/created', 'discount/updated']);
    const again = await updateDiscount(deps, STORE, id, { usage_limit: 2 });
    expect(again.discount?.usage_limit).toBe(2);
  });

  it('deletes with discount/deleted, frees the code, and answers NOT_FOUND after, and for another store', async () => {
    const { discount } = await createDiscount(deps, STORE, { code: 'GONE', kind: 'free_shipping' });
    const id = discount!.id;
    await expect(deleteDiscount(deps, STORE + 1, id)).rejects.toMatchObject({ reason: 'NOT_FOUND' });
    expect((await deleteDiscount(deps, STORE, id)).discount).toMatchObject({ id, code: 'GONE' });
    expect(await topicsOf(id)).toEqual(['discount/created', 'discount/deleted']);
    await expect(getDiscount(deps, STORE, id)).rejects.toMatchObject({ reason: 'NOT_FOUND' });
    await expect(updateDiscount(deps, STORE, id, { value: 0 })).rejects.toMatchObject({ reason: 'NOT_FOUND' });
    expect((await listDiscounts(deps, STORE, { page: 0, limit: 0 })).total).toBe(0);
    await expect(createDiscount(deps, STORE, { code: 'gone', kind: 'free_shipping' })).resolves.toBeDefined();
  });

  it('finds a live code ignoring case, as checkout reads it', async () => {
    await createDiscount(deps, STORE, { code: 'Summer-10', kind: 'percentage', value: 10, usage_limit: 3 });
    expect(await deps.discounts.findByCode(STORE, ' SUMMER-10 ')).toMatchObject({ code: 'Summer-10', usage_limit: 3 });
    expect(await deps.discounts.findByCode(STORE + 1, 'summer-10')).toBeNull();
  });
});
