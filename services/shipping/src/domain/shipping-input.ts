import { listExcerpt, type FieldViolations } from '@commerce/grpc-runtime';
import { isBlankText } from '@commerce/text';
import { z } from 'zod';
import { isCountryCode, normaliseCountryCode } from './country-codes';
import { EMPTY_STORE_SHIPPING, findClass, findGroup, type StoreShipping } from './store-shipping';

// Violations are keyed by the field name as the API spells it (`rates[0].first_item_in_cents`).

export const MAX_NAME_LENGTH = 100;
/** $1,000,000: far above any real shipping price, low enough that a quote's sum stays a safe integer. */
export const MAX_CENTS = 100_000_000;
/** Groups and classes are store configuration (a handful each); the cap keeps the store's document small. */
export const MAX_GROUPS_PER_STORE = 250;
export const MAX_CLASSES_PER_STORE = 250;

export const hasViolations = (violations: FieldViolations): boolean => Object.keys(violations).length > 0;

/** An amount in cents: a whole number from 0 to MAX_CENTS. */
const cents = z
  .number({ error: 'must be an integer' })
  .refine(Number.isSafeInteger, { message: 'must be an integer', abort: true })
  .refine((value) => value >= 0, { message: 'must be at least 0', abort: true })
  .refine((value) => value <= MAX_CENTS, { message: `must be at most ${MAX_CENTS}` });

/** The amounts of one rate, as both ends' inputs and a /v1/shipping_rate request carry them. */
export const rateAmounts = z.object({ first_item_in_cents: cents, additional_item_in_cents: cents });

/** An id a request must name (0 is none). */
const requiredId = z.number({ error: 'is required' }).refine((id) => !!id, { message: 'is required' });

/** A /v1/shipping_rate request: the pair it names and the amounts it sets. */
export const rateRequest = z.object({ shipping_group_id: requiredId, shipping_class_id: requiredId, ...rateAmounts.shape });

/** Trimmed; an absent name (create) is as blank as an empty one. */
const name = z
  .string({ error: "can't be blank" })
  .trim()
  .refine((value) => !isBlankText(value), { message: "can't be blank", abort: true })
  .refine((value) => value.length <= MAX_NAME_LENGTH, { message: `must be at most ${MAX_NAME_LENGTH} characters` });

/** Upper-cased, duplicates dropped, order kept; anything but a known alpha-2 code is named in the message. */
const countries = z
  .array(z.string())
  .transform((codes) => [...new Set(codes.map(normaliseCountryCode))])
  .superRefine((codes, context) => {
    const unknown = codes.filter((code) => !isCountryCode(code));
    if (unknown.length === 0) return;
    const verb = unknown.length === 1 ? 'is' : 'are';
    context.addIssue({ code: 'custom', message: `must be ISO 3166-1 alpha-2 country codes (${listExcerpt(unknown)} ${verb} not)` });
  });

/**
 * A rate's reference to the other end: given, one of the store's records, and named once in the list. The `seen` set is
 * the list's, so each check builds its schema afresh (the rules depend on the store's configuration).
 */
function reference(noun: string, exists: (id: number) => boolean) {
  const seen = new Set<number>();
  return z.number({ error: 'is required' }).superRefine((id, context) => {
    const message = !id
      ? 'is required'
      : !exists(id)
        ? `is not a ${noun} of this store`
        : seen.has(id)
          ? `names a ${noun} already given`
          : '';
    if (message) context.addIssue({ code: 'custom', message });
    else seen.add(id);
  });
}

/**
 * A shipping group's fields, declared once (docs/architecture.md#one-description-per-record): what a create takes, what an
 * update may change (`.partial()`: absent = unchanged), the rules on each and their messages. `rates` name the store's
 * classes; each sets the rate with the class it names.
 */
export function shippingGroupFields(shipping: StoreShipping = EMPTY_STORE_SHIPPING) {
  const classId = reference('shipping class', (id) => findClass(shipping, id) !== undefined);
  return z.object({ name, rates: z.array(z.object({ shipping_class_id: classId, ...rateAmounts.shape })) });
}

/** A shipping class's fields: a group's, plus its countries (present: the whole list); `rates` name the store's groups. */
export function shippingClassFields(shipping: StoreShipping = EMPTY_STORE_SHIPPING) {
  const groupId = reference('shipping group', (id) => findGroup(shipping, id) !== undefined);
  return z.object({ name, countries, rates: z.array(z.object({ shipping_group_id: groupId, ...rateAmounts.shape })) });
}

/** What a create takes: every field. */
export type NewShippingGroupInput = z.input<ReturnType<typeof shippingGroupFields>>;
export type NewShippingClassInput = z.input<ReturnType<typeof shippingClassFields>>;
/** What an update takes: any of them; absent fields stay as they are. */
export type ShippingGroupChanges = Partial<NewShippingGroupInput>;
export type ShippingClassChanges = Partial<NewShippingClassInput>;
export type RateAmounts = z.infer<typeof rateAmounts>;
/** The checked fields; a record keeps them but its rates, which the store keeps by pair. */
export type ShippingGroupFields = z.output<ReturnType<typeof shippingGroupFields>>;
export type ShippingClassFields = z.output<ReturnType<typeof shippingClassFields>>;
