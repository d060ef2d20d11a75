import { z } from 'zod';
import { blankAsMissing, looseArray, looseInt, looseString } from '../../../http/coerce';
import { isRecord } from '../../../http/params';
import { CEILINGS } from '../../../http/ceilings';

/**
 * Inputs of docs/shipping.md (docs/shipping.md#records). Shapes only: names, countries and what the rates point at are
 * the shipping service's rules, so every rule violation comes back from one place, field by field.
 */

const recordId = () => looseInt({ min: 1 });
/** Whole cents; the range an amount may take is shipping's (it names a negative one field by field). */
const cents = () => looseInt();
const name = () => looseString({ trim: true, max: CEILINGS.lineChars });

/** A rate may come flat or wrapped as the API renders it (`{shipping_rate: {...}}`), so a GET answer can be sent back as is. */
const unwrapRate = (value: unknown): unknown => (isRecord(value) && isRecord(value.shipping_rate) ? value.shipping_rate : value);

const groupRate = z.preprocess(
  unwrapRate,
  z
    .object(
      { shipping_class_id: recordId(), first_item_in_cents: cents(), additional_item_in_cents: cents() },
      { error: 'must be an object' },
    )
    .strip(),
);

const classRate = z.preprocess(
  unwrapRate,
  z
    .object(
      { shipping_group_id: recordId(), first_item_in_cents: cents(), additional_item_in_cents: cents() },
      { error: 'must be an object' },
    )
    .strip(),
);

/** A list that may be given empty: `[]`, `""` and JSON null all read as `[]` (what that means is the field's). */
const presentList = <T extends z.ZodType>(list: T) => z.preprocess((value) => (value === null ? [] : value), list.optional());

/** Rates upsert the pairs they name (shipping keeps the others), so an empty list changes no rate. */
const groupRates = () => presentList(looseArray(groupRate, { max: CEILINGS.shortListItems }));
const classRates = () => presentList(looseArray(classRate, { max: CEILINGS.shortListItems }));
/**
 * `["US","CA"]`, JSON text of it, repeated `countries[]=`, or `"US,CA"`; replaces the list (empty clears it);
 * upper-casing and the ISO check are shipping's.
 */
const countries = () =>
  presentList(looseArray(looseString({ trim: true, max: CEILINGS.lineChars }), { commaSeparated: true, max: CEILINGS.shortListItems }));

/** POST /v1/shipping_groups: `name`, optional `rates: [{shipping_class_id, first_item_in_cents, additional_item_in_cents}]`. */
export const createShippingGroupInput = z
  .object({ name: name(), rates: groupRates() })
  .strip()
  .transform(({ name, rates }) => ({ name, rates: rates ?? [] }));

/** PUT /v1/shipping_groups/:id: fields given change; `rates` sets the pairs it names and keeps the group's other rates. */
export const updateShippingGroupInput = z
  .object({ name: name().optional(), rates: groupRates() })
  .strip()
  .transform(({ name, rates }) => ({ name, rates: rates === undefined ? undefined : { rates } }));

/** POST /v1/shipping_classes: `name`, optional `countries` and `rates: [{shipping_group_id, ...}]`. */
export const createShippingClassInput = z
  .object({ name: name(), countries: countries(), rates: classRates() })
  .strip()
  .transform(({ name, countries, rates }) => ({ name, countries: countries ?? [], rates: rates ?? [] }));

/** PUT /v1/shipping_classes/:id: fields given change; `countries` replaces the list, `rates` sets the pairs it names. */
export const updateShippingClassInput = z
  .object({ name: name().optional(), countries: countries(), rates: classRates() })
  .strip()
  .transform(({ name, countries, rates }) => ({
    name,
    countries: countries === undefined ? undefined : { countries },
    rates: rates === undefined ? undefined : { rates },
  }));

/** GET and DELETE /v1/shipping_rate: the pair, both required (docs/shipping.md#shipping-rates). */
export const shippingRatePairInput = z
  .object({
    shipping_group_id: recordId().describe('The shipping group of the pair'),
    shipping_class_id: recordId().describe('The shipping class of the pair'),
  })
  .strip();

/** PUT /v1/shipping_rate: the pair, and the amounts to set (an absent one keeps the current amount). */
export const updateShippingRateInput = z
  .object({
    shipping_group_id: recordId(),
    shipping_class_id: recordId(),
    first_item_in_cents: blankAsMissing(cents()),
    additional_item_in_cents: blankAsMissing(cents()),
  })
  .strip();
