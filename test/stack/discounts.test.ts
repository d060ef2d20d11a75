import { waitFor } from '@commerce/testing';
import type { ApiClient } from '../support/api.client';
import type { JsonBody } from '../support/stack.harness';
import { subjectEvents } from '../support/subject-events.harness';
import { startTwoStoreStack, type TwoStoreStack } from '../support/two-stores.fixture';

/**
 * Issue 32 item 3: discount codes through the whole stack (docs/money.md#discount-codes): CRUD in JSON and form
 * bodies, the 422s naming each field, another store's ids, and the discount/* events.
 */

const DISCOUNT_KEYS = [
  'id',
  'code',
  'kind',
  'value',
  'minimum_subtotal',
  'product_ids',
  'collection_ids',
  'starts_at',
  'ends_at',
  'usage_limit',
  'once_per_customer',
  'times_used',
  'created_at',
  'updated_at',
].sort();
const ZONED = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d\d:\d\d$/;

let world: TwoStoreStack;
let shop: ApiClient;
let rival: ApiClient;
let summer: JsonBody;

beforeAll(async () => {
  world = await startTwoStoreStack('discounts', ['codeshop', 'coderival']);
  ({ shop, rival } = world);
});

afterAll(() => world?.stop());

describe('discount codes through the whole stack (docs/money.md#discount-codes)', () => {
  it('creates a percentage code from JSON, keeping the code as written and the percent as sent', async () => {
    const created = await shop.post('/v1/discounts.json', {
      code: ' Summer-10 ',
      kind: 'percentage',
      value: 12.5,
      minimum_subtotal: 5000,
      product_ids: [3, 3, 4],
      starts_at: '2026-12-01T00:00:00-05:00',
      ends_at: '2027-01-01T00:00:00Z',
      usage_limit: 10,
      once_per_customer: true,
    });

    expect(created.status).toBe(200);
    summer = created.body.data;
    expect(Object.keys(summer).sort()).toEqual(DISCOUNT_KEYS);
    expect(summer).toMatchObject({
      code: 'Summer-10',
      kind: 'percentage',
      value: 12.5,
      minimum_subtotal: 5000,
      product_ids: [3, 4],
      collection_ids: [],
      usage_limit: 10,
      once_per_customer: true,
      times_used: 0,
    });
    expect(new Date(summer.starts_at).toISOString()).toBe('2026-12-01T05:00:00.000Z');
    expect(summer.ends_at).toMatch(ZONED);
    expect(summer.created_at).toMatch(ZONED);

    const read = await shop.get(`/v1/discounts/${summer.id}.json`);
    expect(read.body).toEqual({ data: summer, meta: { code: 200, api_version: '1.0' } });
  });

  it('creates from a form body, absent fields at their defaults', async () => {
    const created = await shop.post('/v1/discounts.json', { code: 'SHIPFREE', kind: 'free_shipping', collection_ids: [7] }, 'form');
    expect(created.status).toBe(200);
    expect(created.body.data).toMatchObject({
      code: 'SHIPFREE',
      kind: 'free_shipping',
      value: 0,
      minimum_subtotal: 0,
      collection_ids: [7],
      starts_at: null,
      ends_at: null,
      usage_limit: null,
      once_per_customer: false,
    });

    const fixed = await shop.post('/v1/discounts.json', { code: 'five_off', kind: 'fixed_amount', value: '500', usage_limit: '3' }, 'form');
    expect(fixed.body.data).toMatchObject({ kind: 'fixed_amount', value: 500, usage_limit: 3 });
  });

  it('lists the store codes oldest first, paged', async () => {
    const listed = await shop.get('/v1/discounts.json?limit=2');
    expect(listed.status).toBe(200);
    expect(listed.body.data.discounts.map((d: JsonBody) => d.code)).toEqual(['Summer-10', 'SHIPFREE']);
    expect(listed.body.pagination).toMatchObject({ total: 3, total_pages: 2 });
  });

  it.each([
    ['a kind that does not exist', { code: 'A1', kind: 'bogo' }, 'kind', 'must be one of percentage, fixed_amount, free_shipping'],
    ['a percent over 100', { code: 'A1', kind: 'percentage', value: 150 }, 'value', 'must be a percent greater than 0 and at most 100'],
    ['three decimals of a percent', { code: 'A1', kind: 'percentage', value: 9.999 }, 'value', 'must have at most 2 decimal places'],
    [
      'a fraction of a minor unit',
      { code: 'A1', kind: 'fixed_amount', value: 1.5 },
      'value',
      'must be a positive integer amount in minor units',
    ],
    [
      'an end before the start',
      { code: 'A1', kind: 'free_shipping', starts_at: '2026-12-02T00:00:00Z', ends_at: '2026-12-01T00:00:00Z' },
      'ends_at',
      'must be after starts_at',
    ],
    ['a code with a space', { code: 'two words', kind: 'free_shipping' }, 'code', 'may hold only letters, digits, "-" and "_"'],
    ['a blank code', { code: '   ', kind: 'free_shipping' }, 'code', "can't be blank"],
    ['a zero usage limit', { code: 'A1', kind: 'free_shipping', usage_limit: 0 }, 'usage_limit', 'must be an integer of at least 1'],
    [
      'a time that is not one',
      { code: 'A1', kind: 'free_shipping', starts_at: 'tomorrow' },
      'starts_at',
      'must be an ISO 8601 time with its offset (2026-12-01T00:00:00-05:00) or unix seconds',
    ],
    [
      'an existing code in another case',
      { code: 'summer-10', kind: 'free_shipping' },
      'code',
      'is already the code of another discount of the store',
    ],
  ])('answers 422 naming the field for %s', async (_what, params, field, message) => {
    const refused = await shop.post('/v1/discounts.json', params);
    expect(refused.status).toBe(422);
    expect(refused.body.meta.error_type).toBe('ValidationError');
    expect(refused.body.meta.errors[field]).toEqual([message]);
  });

  it('stores one of 20 creates racing for one code in different cases, and refuses the others on code', async () => {
    const spellings = Array.from({ length: 20 }, (_, i) => ['race-x', 'RACE-X', 'Race-x'][i % 3]!);
    const answers = await Promise.all(spellings.map((code) => shop.post('/v1/discounts.json', { code, kind: 'free_shipping' })));
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    for (const answer of answers.filter((answer) => answer.status !== 200)) {
      expect(answer.status).toBe(422);
      expect(answer.body.meta.errors.code).toEqual(['is already the code of another discount of the store']);
    }
    const winner = answers.find((answer) => answer.status === 200)!.body.data;
    expect((await shop.delete(`/v1/discounts/${winner.id}.json`)).status).toBe(200);
  });

  it.each([
    ['a code of 5,000 characters', { code: 'A'.repeat(5000), kind: 'free_shipping' }, 'code'],
    ['a code with an encoded NUL', { code: 'SUM\u0000MER', kind: 'free_shipping' }, 'code'],
    ['a code with a zero-width space', { code: 'SUM\u200bMER', kind: 'free_shipping' }, 'code'],
    ['an amount past what a number holds exactly', { code: 'BIG', kind: 'fixed_amount', value: 1e20 }, 'value'],
    ['a usage limit past what a number holds exactly', { code: 'BIG', kind: 'free_shipping', usage_limit: 1e20 }, 'usage_limit'],
    ['a value that is not a number', { code: 'NAN', kind: 'percentage', value: 'NaN' }, 'value'],
  ])('answers 422 on the field for %s', async (_what, params, field) => {
    for (const style of ['json', 'form'] as const) {
      const refused = await shop.post('/v1/discounts.json', params, style);
      expect(refused.status).toBe(422);
      expect(Object.keys(refused.body.meta.errors)).toEqual([field]);
    }
  });

  it('refuses 101 restricted products', async () => {
    const ids = Array.from({ length: 101 }, (_, i) => i + 1);
    const refused = await shop.post('/v1/discounts.json', { code: 'MANY', kind: 'free_shipping', product_ids: ids });
    expect(refused.status).toBe(422);
    expect(refused.body.meta.errors.product_ids).toEqual(['has too many ids (maximum is 100)']);
  });

  it('updates the fields sent, clears with null, and checks the record the update makes', async () => {
    const updated = await shop.put(`/v1/discounts/${summer.id}.json`, { value: '15', usage_limit: null, ends_at: null });
    expect(updated.status).toBe(200);
    expect(updated.body.data).toMatchObject({ code: 'Summer-10', value: 15, usage_limit: null, ends_at: null, product_ids: [3, 4] });

    const wrong = await shop.put(`/v1/discounts/${summer.id}.json`, { kind: 'free_shipping' });
    expect(wrong.status).toBe(422);
    expect(wrong.body.meta.errors.value).toEqual(['must be 0 or absent for free_shipping']);

    const before = await shop.put(`/v1/discounts/${summer.id}.json`, { ends_at: '2026-11-01T00:00:00Z' });
    expect(before.status).toBe(422);
    expect(before.body.meta.errors.ends_at).toEqual(['must be after starts_at']);

    const taken = await shop.put(`/v1/discounts/${summer.id}.json`, { code: 'FIVE_OFF' }, 'form');
    expect(taken.status).toBe(422);
    expect(taken.body.meta.errors.code).toEqual(['is already the code of another discount of the store']);

    const renamed = await shop.put(`/v1/discounts/${summer.id}.json`, { code: 'summer-10' }, 'form');
    expect(renamed.body.data.code).toBe('summer-10');
  });

  it("answers 404 for another store's discount, reading or writing, and changes nothing", async () => {
    for (const answer of [
      await rival.get(`/v1/discounts/${summer.id}.json`),
      await rival.put(`/v1/discounts/${summer.id}.json`, { value: 50 }),
      await rival.delete(`/v1/discounts/${summer.id}.json`),
    ]) {
      expect(answer.status).toBe(404);
    }
    expect((await rival.get('/v1/discounts.json')).body.data.discounts).toEqual([]);
    expect((await shop.get(`/v1/discounts/${summer.id}.json`)).body.data.value).toBe(15);
  });

  it('lets another store use the same code', async () => {
    const theirs = await rival.post('/v1/discounts.json', { code: 'SUMMER-10', kind: 'fixed_amount', value: 100 });
    expect(theirs.status).toBe(200);
    expect(theirs.body.data.code).toBe('SUMMER-10');
  });

  it('deletes a code, answering it, and frees the code', async () => {
    const deleted = await shop.delete(`/v1/discounts/${summer.id}.json`);
    expect(deleted.status).toBe(200);
    expect(deleted.body.data).toMatchObject({ id: summer.id, code: 'summer-10' });
    expect((await shop.get(`/v1/discounts/${summer.id}.json`)).status).toBe(404);
    expect((await shop.delete(`/v1/discounts/${summer.id}.json`)).status).toBe(404);
    const again = await shop.post('/v1/discounts.json', { code: 'SUMMER-10', kind: 'free_shipping' });
    expect(again.status).toBe(200);
  });

  it('publishes discount/created, updated and deleted with the discount as rendered', async () => {
    const { bus, shopStoreId } = world;
    const read = (topic: string) => subjectEvents(bus, 'orders', `events.orders.${shopStoreId}.discount/${topic}`);
    const deleted = await waitFor(
      async () => {
        const events = await read('deleted');
        return events.some((event) => event.resource_id === summer.id) ? events : undefined;
      },
      {
        timeoutMs: 30_000,
        intervalMs: 250,
        message: 'discount/deleted',
      },
    );
    const summerDeleted = deleted.find((event) => event.resource_id === summer.id)!;
    expect(summerDeleted).toMatchObject({ topic: 'discount/deleted', resource_type: 'discount', sequence: 4 });
    expect(Object.keys(summerDeleted.resource as JsonBody).sort()).toEqual(DISCOUNT_KEYS);
    const created = await read('created');
    expect(created.map((event) => (event.resource as JsonBody).code)).toEqual(
      expect.arrayContaining(['Summer-10', 'SHIPFREE', 'five_off']),
    );
    const updated = (await read('updated')).filter((event) => event.resource_id === summer.id);
    expect(updated.map((event) => event.sequence)).toEqual([2, 3]);
  });
});
