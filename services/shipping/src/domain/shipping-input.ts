import { listExcerpt, type FieldViolations } from '@commerce/grpc-runtime';
import { isBlankText } from '@commerce/text';
import { isCountryCode, normaliseCountryCode } from './country-codes';
import { findClass, findGroup, type RateAmounts, type StoreShipping } from './store-shipping';

// Violations are keyed by the field name as the API spells it (`rates[0].first_item_in_cents`).

export const MAX_NAME_LENGTH = 100;
/** $1,000,000: far above any real shipping price, low enough that a quote's sum stays a safe integer. */
export const MAX_CENTS = 100_000_000;
/** Groups and classes are store configuration (a handful each); the cap keeps the store's document small. */
export const MAX_GROUPS_PER_STORE = 250;
export const MAX_CLASSES_PER_STORE = 250;

export interface GroupRateInput extends RateAmounts {
  shipping_class_id: number;
}

export interface ClassRateInput extends RateAmounts {
  shipping_group_id: number;
}

function add(violations: FieldViolations, field: string, message: string): void {
  const messages = (violations[field] ??= []);
  if (!messages.includes(message)) messages.push(message);
}

export const hasViolations = (violations: FieldViolations): boolean => Object.keys(violations).length > 0;

/** Trimmed name; `required` for create, where an absent name is as blank as an empty one. */
export function checkName(violations: FieldViolations, name: string | undefined, required: boolean): string | undefined {
  if (name === undefined) {
    if (required) add(violations, 'name', "can't be blank");
    return undefined;
  }
  const trimmed = name.trim();
  if (isBlankText(trimmed)) add(violations, 'name', "can't be blank");
  else if (trimmed.length > MAX_NAME_LENGTH) add(violations, 'name', `must be at most ${MAX_NAME_LENGTH} characters`);
  return trimmed;
}

/** Upper-cased, duplicates dropped, order kept; anything but a known alpha-2 code is named in the message. */
export function checkCountries(violations: FieldViolations, countries: string[], field = 'countries'): string[] {
  const normalised = [...new Set(countries.map(normaliseCountryCode))];
  const unknown = normalised.filter((code) => !isCountryCode(code));
  if (unknown.length > 0) {
    add(violations, field, `must be ISO 3166-1 alpha-2 country codes (${listExcerpt(unknown)} ${unknown.length === 1 ? 'is' : 'are'} not)`);
  }
  return normalised;
}

export function checkAmounts(violations: FieldViolations, amounts: RateAmounts, prefix = ''): void {
  for (const field of ['first_item_in_cents', 'additional_item_in_cents'] as const) {
    const value = amounts[field];
    if (!Number.isSafeInteger(value)) add(violations, prefix + field, 'must be an integer');
    else if (value < 0) add(violations, prefix + field, 'must be at least 0');
    else if (value > MAX_CENTS) add(violations, prefix + field, `must be at most ${MAX_CENTS}`);
  }
}

/** A group's rates: each names one of the store's classes, at most once, with sane amounts. */
export function checkGroupRates(violations: FieldViolations, rates: GroupRateInput[], shipping: StoreShipping): void {
  const seen = new Set<number>();
  rates.forEach((rate, index) => {
    const prefix = `rates[${index}].`;
    checkReference(
      violations,
      `${prefix}shipping_class_id`,
      rate.shipping_class_id,
      seen,
      (id) => findClass(shipping, id) !== undefined,
      'shipping class',
    );
    checkAmounts(violations, rate, prefix);
  });
}

/** A class's rates: each names one of the store's groups, at most once, with sane amounts. */
export function checkClassRates(violations: FieldViolations, rates: ClassRateInput[], shipping: StoreShipping): void {
  const seen = new Set<number>();
  rates.forEach((rate, index) => {
    const prefix = `rates[${index}].`;
    checkReference(
      violations,
      `${prefix}shipping_group_id`,
      rate.shipping_group_id,
      seen,
      (id) => findGroup(shipping, id) !== undefined,
      'shipping group',
    );
    checkAmounts(violations, rate, prefix);
  });
}

function checkReference(
  violations: FieldViolations,
  field: string,
  id: number,
  seen: Set<number>,
  exists: (id: number) => boolean,
  noun: string,
): void {
  if (!id) return add(violations, field, 'is required');
  if (!exists(id)) return add(violations, field, `is not a ${noun} of this store`);
  if (seen.has(id)) return add(violations, field, `names a ${noun} already given`);
  seen.add(id);
}
