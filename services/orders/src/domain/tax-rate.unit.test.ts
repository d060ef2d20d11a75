import { DomainError } from '@commerce/grpc-runtime';
import {
  applicableTaxRate,
  changedTaxRate,
  duplicateRateViolations,
  fieldsOfInput,
  percentOf,
  ratePpmOf,
  taxRateRecordFields,
  type TaxRate,
  type TaxRateInput,
} from './tax-rate';

const T0 = new Date('2026-11-01T12:00:00Z');
const T1 = new Date('2026-11-02T12:00:00Z');

function aRate(id: number, country: string, state: string, overrides: Partial<TaxRate> = {}): TaxRate {
  return {
    store_id: 1,
    id,
    country,
    state,
    name: `${country}${state} tax`,
    rate_ppm: 50_000,
    applies_to_shipping: false,
    created_at: T0,
    updated_at: T0,
    version: 1,
    ...overrides,
  };
}

/** The violations a create of `input` answers ({} when it is accepted). */
function createViolations(input: TaxRateInput): Record<string, string[]> {
  try {
    taxRateRecordFields.create(fieldsOfInput(input));
    return {};
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return error.fieldViolations ?? {};
  }
}

describe('ratePpmOf: the percent as decimal text, read exactly', () => {
  it.each([
    ['8.875', 88_750],
    ['0', 0],
    ['100', 1_000_000],
    ['100.0000', 1_000_000],
    ['.5', 5_000],
    ['7.', 70_000],
    ['007.25', 72_500],
    ['8.87500', 88_750],
    ['0.0001', 1],
    [' 6 ', 60_000],
    ['-0', 0],
  ])('%j is %d millionths', (text, ppm) => {
    expect(ratePpmOf(text)).toBe(ppm);
  });

  it.each([
    ['', "can't be blank"],
    ['abc', 'must be a number'],
    ['.', 'must be a number'],
    ['1e-7', 'must be a number'],
    ['8,5', 'must be a number'],
    ['Infinity', 'must be a number'],
    ['-1', 'must be at least 0'],
    ['100.0001', 'must be at most 100'],
    ['1000', 'must be at most 100'],
    ['8.87501', 'must have at most 4 decimals'],
  ])('%j: %s', (text, problem) => {
    expect(ratePpmOf(text)).toEqual({ problem });
  });

  it('refuses a huge number without reading it as a float', () => {
    expect(ratePpmOf('9'.repeat(2_000))).toEqual({ problem: 'must be at most 100' });
    expect(ratePpmOf(`0.${'0'.repeat(2_000)}1`)).toEqual({ problem: 'must have at most 4 decimals' });
  });

  it('renders back as the percent', () => {
    expect(percentOf(88_750)).toBe(8.875);
    expect(percentOf(1)).toBe(0.0001);
    expect(percentOf(1_000_000)).toBe(100);
  });
});

describe('taxRateFields', () => {
  it('normalises codes to upper case, trims the name and defaults state and applies_to_shipping', () => {
    expect(taxRateRecordFields.create(fieldsOfInput({ country: ' us ', name: '  US tax ', rate: '5' }))).toEqual({
      country: 'US',
      state: '',
      name: 'US tax',
      rate_ppm: 50_000,
      applies_to_shipping: false,
    });
    expect(
      taxRateRecordFields.create(fieldsOfInput({ country: 'ca', state: 'on', name: 'HST', rate: '13', applies_to_shipping: true })),
    ).toMatchObject({ country: 'CA', state: 'ON', applies_to_shipping: true });
  });

  it('names every broken rule by its API field, the rate as `rate`', () => {
    expect(createViolations({ country: 'USA', state: 'NEW YORK', name: ' ', rate: '101' })).toEqual({
      country: ['must be an ISO 3166-1 alpha-2 code (two letters)'],
      state: ['must be a subdivision code of at most 3 letters or digits, or blank'],
      name: ["can't be blank"],
      rate: ['must be at most 100'],
    });
    expect(createViolations({ country: '', name: 'x'.repeat(101), rate: '' })).toEqual({
      country: ["can't be blank"],
      name: ['is too long (maximum is 100 characters)'],
      rate: ["can't be blank"],
    });
    expect(createViolations({ country: 'U1', state: 'N-Y', name: 'ok', rate: '5' })).toMatchObject({
      country: ['must be an ISO 3166-1 alpha-2 code (two letters)'],
      state: ['must be a subdivision code of at most 3 letters or digits, or blank'],
    });
    expect(createViolations({ name: 'ok' })).toEqual({ country: ["can't be blank"], rate: ["can't be blank"] });
  });

  it('takes ASCII codes only, checked before upper-casing (Unicode would turn ß into SS, ı into I)', () => {
    expect(createViolations({ country: 'ß', state: 'ıl', name: 'ok', rate: '5' })).toEqual({
      country: ['must be an ISO 3166-1 alpha-2 code (two letters)'],
      state: ['must be a subdivision code of at most 3 letters or digits, or blank'],
    });
    expect(Object.keys(createViolations({ country: 'ＵＳ', state: 'ﬀ', name: 'ok', rate: '5' }))).toEqual(['country', 'state']);
  });

  it('checks only the fields an update gives', () => {
    expect(taxRateRecordFields.changes(fieldsOfInput({ rate: '7.5' }))).toEqual({ rate_ppm: 75_000 });
    expect(taxRateRecordFields.changes(fieldsOfInput({ state: 'ny' }))).toEqual({ state: 'NY' });
    expect(() => taxRateRecordFields.changes(fieldsOfInput({ rate: '-2' }))).toThrow(DomainError);
  });
});

describe('changedTaxRate', () => {
  it('answers null when nothing differs, so nothing is written or announced', () => {
    const rate = aRate(1, 'US', 'NY', { rate_ppm: 88_750 });
    expect(changedTaxRate(rate, { rate_ppm: 88_750, name: rate.name }, T1)).toBeNull();
    expect(changedTaxRate(rate, {}, T1)).toBeNull();
  });

  it('applies what differs, stamps the time and counts the version', () => {
    const rate = aRate(1, 'US', 'NY');
    expect(changedTaxRate(rate, { rate_ppm: 40_000, state: 'NY' }, T1)).toEqual({ ...rate, rate_ppm: 40_000, updated_at: T1, version: 2 });
  });
});

describe('duplicateRateViolations', () => {
  it('names state, or country for a country-wide rate', () => {
    expect(Object.keys(duplicateRateViolations({ country: 'US', state: 'NY' }))).toEqual(['state']);
    expect(Object.keys(duplicateRateViolations({ country: 'US', state: '' }))).toEqual(['country']);
  });
});

describe('applicableTaxRate', () => {
  const usWide = aRate(1, 'US', '');
  const newYork = aRate(2, 'US', 'NY');
  const ontario = aRate(3, 'CA', 'ON');
  const rates = [usWide, newYork, ontario];

  it("prefers the state's own rate over the country-wide one", () => {
    expect(applicableTaxRate(rates, 'US', 'NY')).toBe(newYork);
    expect(applicableTaxRate([newYork, usWide], 'us', ' ny ')).toBe(newYork);
  });

  it('falls back to the country-wide rate for a state without its own, or no state', () => {
    expect(applicableTaxRate(rates, 'US', 'CA')).toBe(usWide);
    expect(applicableTaxRate(rates, 'US', '')).toBe(usWide);
  });

  it('answers null when the country has no rate for the destination', () => {
    expect(applicableTaxRate(rates, 'CA', 'QC')).toBeNull();
    expect(applicableTaxRate(rates, 'CA', '')).toBeNull();
    expect(applicableTaxRate(rates, 'DE', 'NY')).toBeNull();
    expect(applicableTaxRate([], 'US', 'NY')).toBeNull();
  });
});
