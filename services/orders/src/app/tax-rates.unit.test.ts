import { OutboxCollection, type DomainEvent } from '@commerce/events';
import { DomainError } from '@commerce/grpc-runtime';
import { openDatabase, type Collection, type Database } from '@commerce/persistence';
import { StoreZoneRepository, type StoreZoneDocument } from '@commerce/store-zones';
import { MAX_TAX_RATES_PER_STORE, type TaxRateInput } from '../domain/tax-rate';
import { ensureOrdersIndexes } from '../infra/indexes';
import { TaxRateRepository, type TaxRateDocument } from '../infra/tax-rate.repository';
import { createTaxRate } from './create-tax-rate';
import { deleteTaxRate } from './delete-tax-rate';
import { getTaxRate } from './get-tax-rate';
import { listTaxRates } from './list-tax-rates';
import { purgeDeletedTaxRates } from './purge-deleted-tax-rates';
import { updateTaxRate } from './update-tax-rate';

const STORE = 7;
const RIVAL = 8;
const NEW_YORK: TaxRateInput = { country: 'us', state: 'ny', name: 'NY sales tax', rate: '8.875' };

/** What a call answers when refused: its reason and the fields it names. */
async function refusal(call: Promise<unknown>): Promise<{ reason: string; fields: string[] }> {
  try {
    await call;
  } catch (error) {
    if (error instanceof DomainError) return { reason: error.reason, fields: Object.keys(error.fieldViolations ?? {}) };
    throw error;
  }
  throw new Error('expected the call to be refused');
}

describe('tax rate use cases (docs/money.md#tax-rates)', () => {
  let db: Database;
  let documents: Collection<TaxRateDocument>;
  let now: Date;
  let deps: Parameters<typeof createTaxRate>[0];

  /** The events written with the store's rates, oldest first (the relay is not running: nothing is published). */
  const writtenEvents = async (): Promise<DomainEvent[]> =>
    (await documents.find({}, { sort: { id: 1 } })).flatMap((doc) => doc.outbox).sort((a, b) => a.occurred_at.localeCompare(b.occurred_at));

  beforeEach(async () => {
    db = await openDatabase({ engine: 'memory' });
    await ensureOrdersIndexes(db);
    documents = db.collection<TaxRateDocument>(TaxRateRepository.collection);
    now = new Date('2026-11-24T10:00:00Z');
    deps = {
      taxRates: new TaxRateRepository(new OutboxCollection(documents)),
      zones: new StoreZoneRepository(db.collection<StoreZoneDocument>(StoreZoneRepository.collection)),
      storefront: {
        storeSettings: async () => ({
          settings: { time_zone: 'America/New_York', currency: 'USD', prices_include_tax: false },
          updatedAt: new Date(0),
        }),
      },
      nextId: (counter) => db.nextId(counter),
      clock: () => now,
    };
  });

  afterEach(() => db.close());

  it('creates a rate normalised, kept in millionths, with tax_rate/created rendered in the store zone', async () => {
    const { tax_rate, time_zone } = await createTaxRate(deps, STORE, NEW_YORK);
    expect(tax_rate).toMatchObject({ country: 'US', state: 'NY', name: 'NY sales tax', rate_ppm: 88_750, applies_to_shipping: false });
    expect(time_zone).toBe('America/New_York');
    const [event] = await writtenEvents();
    expect(event).toMatchObject({
      topic: 'tax_rate/created',
      store_id: STORE,
      resource_type: 'tax_rate',
      resource_id: tax_rate!.id,
      sequence: 1,
      resource: { id: tax_rate!.id, country: 'US', state: 'NY', rate: 8.875, created_at: '2026-11-24T05:00:00-05:00' },
    });
  });

  it("refuses a second rate for a place, naming state (country for a country-wide one); another store's place is its own", async () => {
    await createTaxRate(deps, STORE, NEW_YORK);
    await createTaxRate(deps, STORE, { country: 'US', name: 'US', rate: '5' });
    expect(await refusal(createTaxRate(deps, STORE, { ...NEW_YORK, name: 'again', state: 'NY ' }))).toEqual({
      reason: 'INVALID_ARGUMENT',
      fields: ['state'],
    });
    expect(await refusal(createTaxRate(deps, STORE, { country: 'us', state: '', name: 'again', rate: '1' }))).toEqual({
      reason: 'INVALID_ARGUMENT',
      fields: ['country'],
    });
    await expect(createTaxRate(deps, RIVAL, NEW_YORK)).resolves.toBeDefined();
    expect((await listTaxRates(deps, STORE)).tax_rates.map((rate) => `${rate.country}-${rate.state}`)).toEqual(['US-', 'US-NY']);
  });

  it('lets one of two creates racing for a place win', async () => {
    const results = await Promise.allSettled([createTaxRate(deps, STORE, NEW_YORK), createTaxRate(deps, STORE, NEW_YORK)]);
    expect(results.map((result) => result.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect((await listTaxRates(deps, STORE)).tax_rates).toHaveLength(1);
  });

  it('refuses the rate past the store limit', async () => {
    const countries = Array.from({ length: 26 * 26 }, (_, i) => String.fromCharCode(65 + Math.floor(i / 26), 65 + (i % 26)));
    const places = countries.flatMap((country) => ['', 'A'].map((state) => ({ country, state })));
    await documents.insertMany(
      places.slice(0, MAX_TAX_RATES_PER_STORE).map((place, i) => ({
        store_id: STORE,
        id: 10_000 + i,
        ...place,
        name: 'tax',
        rate_ppm: 1,
        applies_to_shipping: false,
        created_at: now,
        updated_at: now,
        version: 1,
        deleted_id: 0,
        outbox: [],
      })),
    );
    expect(await refusal(createTaxRate(deps, STORE, NEW_YORK))).toEqual({ reason: 'INVALID_ARGUMENT', fields: ['tax_rates'] });
  });

  it('updates the fields given with tax_rate/updated, and a change of nothing writes and announces nothing', async () => {
    const { tax_rate } = await createTaxRate(deps, STORE, NEW_YORK);
    now = new Date('2026-11-25T10:00:00Z');
    const same = await updateTaxRate(deps, STORE, tax_rate!.id, { rate: '8.8750', state: 'ny' });
    expect(same.tax_rate).toEqual(tax_rate);
    expect(await writtenEvents()).toHaveLength(1);

    const changed = await updateTaxRate(deps, STORE, tax_rate!.id, { rate: '4', applies_to_shipping: true });
    expect(changed.tax_rate).toMatchObject({
      state: 'NY',
      name: 'NY sales tax',
      rate_ppm: 40_000,
      applies_to_shipping: true,
      updated_at: now,
    });
    const events = await writtenEvents();
    expect(events.map((event) => [event.topic, event.sequence])).toEqual([
      ['tax_rate/created', 1],
      ['tax_rate/updated', 2],
    ]);
  });

  it('refuses moving a rate onto a place another rate holds, and bad changes by field', async () => {
    await createTaxRate(deps, STORE, NEW_YORK);
    const { tax_rate: jersey } = await createTaxRate(deps, STORE, { ...NEW_YORK, state: 'NJ', name: 'NJ' });
    expect(await refusal(updateTaxRate(deps, STORE, jersey!.id, { state: 'NY' }))).toEqual({
      reason: 'INVALID_ARGUMENT',
      fields: ['state'],
    });
    expect(await refusal(updateTaxRate(deps, STORE, jersey!.id, { rate: '1.23456', country: 'USA' }))).toEqual({
      reason: 'INVALID_ARGUMENT',
      fields: ['country', 'rate'],
    });
    expect((await getTaxRate(deps, STORE, jersey!.id)).tax_rate).toMatchObject({ state: 'NJ', rate_ppm: 88_750 });
  });

  it("answers NOT_FOUND for another store's rate, on every call, and changes nothing", async () => {
    const { tax_rate } = await createTaxRate(deps, STORE, NEW_YORK);
    const id = tax_rate!.id;
    for (const call of [getTaxRate(deps, RIVAL, id), updateTaxRate(deps, RIVAL, id, { rate: '1' }), deleteTaxRate(deps, RIVAL, id)]) {
      expect(await refusal(call)).toEqual({ reason: 'NOT_FOUND', fields: [] });
    }
    expect((await getTaxRate(deps, STORE, id)).tax_rate).toEqual(tax_rate);
  });

  it('deletes: answers the rate as it was, frees its place at once, and drops it once tax_rate/deleted is published', async () => {
    const { tax_rate } = await createTaxRate(deps, STORE, NEW_YORK);
    const deleted = await deleteTaxRate(deps, STORE, tax_rate!.id);
    expect(deleted.tax_rate).toEqual(tax_rate);
    expect(await refusal(getTaxRate(deps, STORE, tax_rate!.id))).toEqual({ reason: 'NOT_FOUND', fields: [] });
    expect(await refusal(deleteTaxRate(deps, STORE, tax_rate!.id))).toEqual({ reason: 'NOT_FOUND', fields: [] });
    const events = await writtenEvents();
    expect(events.map((event) => [event.topic, event.sequence])).toEqual([
      ['tax_rate/created', 1],
      ['tax_rate/deleted', 2],
    ]);
    expect(events[1].resource).toMatchObject({ id: tax_rate!.id, state: 'NY', rate: 8.875 });
    await expect(createTaxRate(deps, STORE, NEW_YORK)).resolves.toBeDefined();

    const logger = { info: jest.fn() };
    await purgeDeletedTaxRates(deps, logger);
    expect(await documents.count({ id: tax_rate!.id })).toBe(1); // its event is not published yet
    await documents.updateOne({ id: tax_rate!.id }, { $set: { outbox: [] } }); // as the relay leaves it
    await purgeDeletedTaxRates(deps, logger);
    expect(await documents.count({ id: tax_rate!.id })).toBe(0);
    expect((await listTaxRates(deps, STORE)).tax_rates).toHaveLength(1);
  });

  it('finds the rate a destination pays: the state one over the country-wide one', async () => {
    const { tax_rate: newYork } = await createTaxRate(deps, STORE, NEW_YORK);
    const { tax_rate: usWide } = await createTaxRate(deps, STORE, { country: 'US', name: 'US', rate: '5' });
    expect((await deps.taxRates.forDestination(STORE, 'us', 'ny'))?.id).toBe(newYork!.id);
    expect((await deps.taxRates.forDestination(STORE, 'US', 'CA'))?.id).toBe(usWide!.id);
    expect((await deps.taxRates.forDestination(STORE, 'US', ''))?.id).toBe(usWide!.id);
    expect(await deps.taxRates.forDestination(STORE, 'CA', 'ON')).toBeNull();
    expect(await deps.taxRates.forDestination(RIVAL, 'US', 'NY')).toBeNull();
  });
});
