import { z } from 'zod';
import { blankAsMissing, looseBool, looseString } from '../../../http/coerce';
import { CEILINGS } from '../../../http/ceilings';
import { isRecord } from '../../../http/params';

/**
 * Inputs of docs/money.md#tax-rates. Shapes only: the codes, the name and the rate's range and decimals are the orders
 * service's rules, so every violation comes back from one place, field by field. The rate travels as the decimal text
 * sent (a JSON number as its shortest text): orders reads it exactly.
 */

const line = () => looseString({ trim: true, max: CEILINGS.lineChars }).optional();
const rate = () => blankAsMissing(looseString({ trim: true, max: CEILINGS.lineChars }));

/** The fields may come flat or wrapped as the API renders the record (`{tax_rate: {...}}`), so an answer can be sent back. */
const unwrapTaxRate = (value: unknown): unknown => (isRecord(value) && isRecord(value.tax_rate) ? value.tax_rate : value);

const fields = z
  .object({ country: line(), state: line(), name: line(), rate: rate(), applies_to_shipping: looseBool().optional() })
  .strip();

/** POST /v1/tax_rates: `country`, `name` and `rate` (orders names each one missing), optional `state` and `applies_to_shipping`. */
export const createTaxRateInput = z.preprocess(
  unwrapTaxRate,
  fields.transform((input) => ({
    country: input.country ?? '',
    state: input.state ?? '',
    name: input.name ?? '',
    rate: input.rate ?? '',
    applies_to_shipping: input.applies_to_shipping ?? false,
  })),
);

/** PUT /v1/tax_rates/:id: the fields given change; absent ones stay. */
export const updateTaxRateInput = z.preprocess(unwrapTaxRate, fields);
