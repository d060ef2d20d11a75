import { recordFields, type FieldViolations } from '@commerce/grpc-runtime';
import { isBlankText } from '@commerce/text';
import { z } from 'zod';

// A store's tax rates (docs/money.md#tax-rates): one per (country, state), state '' standing for the whole country.

export const MAX_TAX_RATES_PER_STORE = 1_000;
export const MAX_NAME_LENGTH = 100;
/** A rate is kept in millionths: percent × 10,000 (8.875% is 88750), so the checkout's arithmetic stays in integers. */
export const PPM_PER_PERCENT = 10_000;
const MAX_RATE_PPM = 100 * PPM_PER_PERCENT;
const MAX_DECIMALS = 4;

// Checked before upper-casing: Unicode case mapping turns 'ß' into 'SS' and 'ı' into 'I'.
const COUNTRY_CODE = /^[A-Za-z]{2}$/;
const STATE_CODE = /^[A-Za-z0-9]{0,3}$/;
/** Unsigned decimal text: `8`, `8.875`, `.5`, `8.`. */
const UNSIGNED_DECIMAL = /^(\d*)(?:\.(\d*))?$/;

const upperCased = (text: string): string => text.toUpperCase();

/** Trimmed, upper-cased; two letters A-Z. */
const country = z
  .string({ error: "can't be blank" })
  .trim()
  .refine((code) => code !== '', { message: "can't be blank", abort: true })
  .refine((code) => COUNTRY_CODE.test(code), { message: 'must be an ISO 3166-1 alpha-2 code (two letters)' })
  .transform(upperCased);

/** Trimmed, upper-cased; '' is the whole country, otherwise up to 3 letters or digits ("NY", "ON"). */
const state = z
  .string({ error: 'must be a string' })
  .trim()
  .refine((code) => STATE_CODE.test(code), { message: 'must be a subdivision code of at most 3 letters or digits, or blank' })
  .transform(upperCased)
  .default('');

const name = z
  .string({ error: "can't be blank" })
  .trim()
  .refine((value) => !isBlankText(value), { message: "can't be blank", abort: true })
  .refine((value) => value.length <= MAX_NAME_LENGTH, { message: `is too long (maximum is ${MAX_NAME_LENGTH} characters)` });

/**
 * The percent as decimal text ("8.875"), from 0 to 100 with at most 4 decimals, read exactly (no floating point):
 * its millionths, or what is wrong with it.
 */
export function ratePpmOf(text: string): number | { problem: string } {
  const trimmed = text.trim();
  if (trimmed === '') return { problem: "can't be blank" };
  const negative = trimmed.startsWith('-');
  const match = UNSIGNED_DECIMAL.exec(negative ? trimmed.slice(1) : trimmed);
  const [whole = '', fraction = ''] = match ? [match[1], match[2]] : [];
  if (!match || whole + fraction === '') return { problem: 'must be a number' };
  const decimals = fraction.replace(/0+$/, '');
  const wholePart = whole.replace(/^0+/, '');
  if (negative && (wholePart !== '' || decimals !== '')) return { problem: 'must be at least 0' };
  if (wholePart.length > 3) return { problem: 'must be at most 100' };
  if (decimals.length > MAX_DECIMALS) return { problem: `must have at most ${MAX_DECIMALS} decimals` };
  const ppm = Number(wholePart || '0') * PPM_PER_PERCENT + Number(decimals.padEnd(MAX_DECIMALS, '0'));
  return ppm > MAX_RATE_PPM ? { problem: 'must be at most 100' } : ppm;
}

/** The percent the API shows for a stored rate: 88750 → 8.875. */
export const percentOf = (ratePpm: number): number => ratePpm / PPM_PER_PERCENT;

/** Given as the percent the API shows (`rate`, decimal text), kept as its millionths; violations name `rate`. */
const ratePpm = z.unknown().transform((value, context) => {
  const read = typeof value === 'string' ? ratePpmOf(value) : { problem: value === undefined ? "can't be blank" : 'must be a number' };
  if (typeof read === 'number') return read;
  context.addIssue({ code: 'custom', message: read.problem, params: { field: 'rate' } });
  return z.NEVER;
});

/**
 * A tax rate's owner-written fields, declared once (docs/architecture.md#one-description-per-record), in the order
 * violations are listed. `rate_ppm` is sent as `rate`, the percent.
 */
export const taxRateFields = z.object({
  country,
  state,
  name,
  rate_ppm: ratePpm,
  applies_to_shipping: z.boolean({ error: 'must be true or false' }).default(false),
});
export const taxRateRecordFields = recordFields(taxRateFields);
export type TaxRateFields = z.output<typeof taxRateFields>;
/** What a create or update request sends, the rate as the percent's decimal text. */
export type TaxRateInput = Omit<Partial<z.input<typeof taxRateFields>>, 'rate_ppm'> & { rate?: string };

/** The request's fields as the schema names them. */
export function fieldsOfInput({ rate, ...fields }: TaxRateInput): Partial<z.input<typeof taxRateFields>> {
  return { ...fields, rate_ppm: rate };
}

/** The rate's own fields are declared once, in taxRateFields; this adds what orders keeps. */
export interface TaxRate extends TaxRateFields {
  store_id: number;
  id: number;
  created_at: Date;
  updated_at: Date;
  /** Counts the rate's writes: its events' sequence. */
  version: number;
}

/** A second rate for a (country, state) names the field that makes it one: `state`, or `country` for a country-wide one. */
export function duplicateRateViolations(rate: Pick<TaxRate, 'country' | 'state'>): FieldViolations {
  return rate.state === ''
    ? { country: [`already has a country-wide tax rate (${rate.country})`] }
    : { state: [`already has a tax rate (${rate.country}-${rate.state})`] };
}

/** What a write answers when the store has a live rate for that (country, state) already. */
export const DUPLICATE_PLACE = 'duplicate-place';

/** What the 1,001st rate of a store answers. */
export const TOO_MANY_RATES: FieldViolations = {
  tax_rates: [`are limited to ${MAX_TAX_RATES_PER_STORE} per store; delete one first`],
};

/** The rate with the changes applied (normalised and checked already); null when nothing differs. */
export function changedTaxRate(rate: TaxRate, changes: Partial<TaxRateFields>, now: Date): TaxRate | null {
  const changed = Object.entries(changes).filter(([field, value]) => rate[field as keyof TaxRateFields] !== value);
  return changed.length === 0 ? null : { ...rate, ...Object.fromEntries(changed), updated_at: now, version: rate.version + 1 };
}

/**
 * The rate that applies to a destination: the state's own rate wins over the country-wide one (state ''); none is
 * null. Codes compare upper-cased, as rates keep them.
 */
export function applicableTaxRate<T extends Pick<TaxRate, 'country' | 'state'>>(
  rates: readonly T[],
  country: string,
  state: string,
): T | null {
  const destinationCountry = country.trim().toUpperCase();
  const destinationState = state.trim().toUpperCase();
  const ofCountry = rates.filter((rate) => rate.country === destinationCountry);
  const stateRate = destinationState === '' ? undefined : ofCountry.find((rate) => rate.state === destinationState);
  return stateRate ?? ofCountry.find((rate) => rate.state === '') ?? null;
}
