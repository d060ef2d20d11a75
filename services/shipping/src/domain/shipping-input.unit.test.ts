import { checkedChanges, checkedFields, DomainError, type FieldViolations } from '@commerce/grpc-runtime';
import { MAX_CENTS, MAX_NAME_LENGTH, rateAmounts, shippingClassFields, shippingGroupFields } from './shipping-input';
import type { StoreShipping } from './store-shipping';

const at = new Date('2024-01-01T00:00:00Z');
const store: StoreShipping = {
  groups: [{ id: 10, name: 'Posters', version: 1, created_at: at, updated_at: at }],
  classes: [{ id: 20, name: 'Standard', countries: ['US'], version: 1, created_at: at, updated_at: at }],
  rates: [],
};

/** The field violations `check` answers, {} when it passes. */
function violationsOf(check: () => unknown): FieldViolations {
  try {
    check();
    return {};
  } catch (error) {
    if (error instanceof DomainError && error.fieldViolations) return error.fieldViolations;
    throw error;
  }
}

const newGroup = (name: string | undefined) => () => checkedFields(shippingGroupFields(), { name, rates: [] } as never);
const countriesOf = (countries: string[]) => checkedChanges(shippingClassFields(), { countries }).countries;

describe('a name', () => {
  it('trims, and requires a name only when asked to', () => {
    expect(checkedFields(shippingGroupFields(), { name: '  Posters ', rates: [] }).name).toBe('Posters');
    expect(checkedChanges(shippingGroupFields(), { name: undefined })).toEqual({});
  });

  it('refuses a missing, blank or overlong name', () => {
    expect(violationsOf(newGroup(undefined))).toEqual({ name: ["can't be blank"] });
    expect(violationsOf(() => checkedChanges(shippingGroupFields(), { name: '   ' }))).toEqual({ name: ["can't be blank"] });
    expect(violationsOf(newGroup('x'.repeat(MAX_NAME_LENGTH + 1)))).toEqual({
      name: [`must be at most ${MAX_NAME_LENGTH} characters`],
    });
  });
});

describe('a name with invisible characters', () => {
  it.each([
    ['zero-width characters', '\u200b\u200c\u200d'],
    ['control characters', '\u0000\u0007\u001b'],
    ['a BOM, a word joiner and a bidirectional override', '\ufeff\u2060\u202e'],
  ])('calls a name of only %s blank', (_what, name) => {
    expect(violationsOf(newGroup(name))).toEqual({ name: ["can't be blank"] });
    expect(violationsOf(newGroup(`Express${name}`))).toEqual({});
  });
});

describe('countries', () => {
  it('names the first unknown codes and counts the rest', () => {
    const violations = violationsOf(() => countriesOf(Array.from({ length: 3_000 }, (_, index) => `Z${index}`)));
    expect(violations.countries).toEqual([
      'must be ISO 3166-1 alpha-2 country codes ("Z0", "Z1", "Z2", "Z3", "Z4" and 2,995 more are not)',
    ]);
  });

  it('upper-cases, drops duplicates and keeps the order given; empty is fine', () => {
    expect(countriesOf(['us', 'CA', ' gb', 'US'])).toEqual(['US', 'CA', 'GB']);
    expect(countriesOf([])).toEqual([]);
  });

  it('names every code that is not ISO 3166-1 alpha-2', () => {
    expect(violationsOf(() => countriesOf(['US', 'UK']))).toEqual({
      countries: ['must be ISO 3166-1 alpha-2 country codes ("UK" is not)'],
    });
    expect(violationsOf(() => countriesOf(['usa', 'X', '']))).toEqual({
      countries: ['must be ISO 3166-1 alpha-2 country codes ("USA", "X", "" are not)'],
    });
  });
});

describe('rate amounts', () => {
  it('accepts 0 up to the ceiling and refuses negative, fractional and huge amounts', () => {
    expect(violationsOf(() => checkedFields(rateAmounts, { first_item_in_cents: 0, additional_item_in_cents: MAX_CENTS }))).toEqual({});
    expect(violationsOf(() => checkedFields(rateAmounts, { first_item_in_cents: -1, additional_item_in_cents: 1.5 }))).toEqual({
      first_item_in_cents: ['must be at least 0'],
      additional_item_in_cents: ['must be an integer'],
    });
    const rates = [{}, {}, { shipping_class_id: 20, first_item_in_cents: -1, additional_item_in_cents: 1.5 }];
    expect(violationsOf(() => checkedChanges(shippingGroupFields(store), { rates: rates as never }))).toMatchObject({
      'rates[2].first_item_in_cents': ['must be at least 0'],
      'rates[2].additional_item_in_cents': ['must be an integer'],
    });
    expect(violationsOf(() => checkedFields(rateAmounts, { first_item_in_cents: MAX_CENTS + 1, additional_item_in_cents: 0 }))).toEqual({
      first_item_in_cents: [`must be at most ${MAX_CENTS}`],
    });
  });
});

describe('rates of a group and of a class', () => {
  const amounts = { first_item_in_cents: 500, additional_item_in_cents: 100 };

  it('accepts rates naming the store own records', () => {
    expect(violationsOf(() => checkedChanges(shippingGroupFields(store), { rates: [{ shipping_class_id: 20, ...amounts }] }))).toEqual({});
    expect(violationsOf(() => checkedChanges(shippingClassFields(store), { rates: [{ shipping_group_id: 10, ...amounts }] }))).toEqual({});
  });

  it('names the rate that misses, repeats or names an unknown end', () => {
    const rates = [
      { shipping_class_id: 20, ...amounts },
      { shipping_class_id: 20, ...amounts },
      { shipping_class_id: 99, ...amounts },
      { shipping_class_id: 0, first_item_in_cents: -5, additional_item_in_cents: 0 },
    ];
    expect(violationsOf(() => checkedChanges(shippingGroupFields(store), { rates }))).toEqual({
      'rates[1].shipping_class_id': ['names a shipping class already given'],
      'rates[2].shipping_class_id': ['is not a shipping class of this store'],
      'rates[3].shipping_class_id': ['is required'],
      'rates[3].first_item_in_cents': ['must be at least 0'],
    });
    expect(violationsOf(() => checkedChanges(shippingClassFields(store), { rates: [{ shipping_group_id: 20, ...amounts }] }))).toEqual({
      'rates[0].shipping_group_id': ['is not a shipping group of this store'],
    });
  });
});
