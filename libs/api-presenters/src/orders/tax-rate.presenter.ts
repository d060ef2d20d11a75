import type { orders } from '@commerce/contracts';
import { z } from 'zod';
import { id, timestamp } from '../answer-schema';
import { formatTimestamp } from '../timestamp';

/** A rate is kept in millionths (percent × 10,000: docs/money.md#tax-rates) and shown as the percent. */
const PPM_PER_PERCENT = 10_000;

/** What presentTaxRate renders: the one description of a tax rate's JSON (the OpenAPI document's `TaxRate`). */
export const taxRateJson = z
  .strictObject({
    id: id(),
    country: z.string().meta({ description: 'ISO 3166-1 alpha-2, upper case' }),
    state: z.string().meta({ description: 'the subdivision code ("NY", "ON"); \'\' for the whole country' }),
    name: z.string(),
    rate: z.number().meta({ description: 'the percent, at most 4 decimals (8.875)' }),
    applies_to_shipping: z.boolean(),
    created_at: timestamp(),
    updated_at: timestamp(),
  })
  .meta({ id: 'TaxRate' });

export type TaxRateJson = z.infer<typeof taxRateJson>;

/** A tax rate as docs/money.md#tax-rates renders it, timestamps in the store's zone. */
export function presentTaxRate(rate: orders.TaxRate, timeZone: string): TaxRateJson {
  return {
    id: rate.id,
    country: rate.country,
    state: rate.state,
    name: rate.name,
    rate: rate.rate_ppm / PPM_PER_PERCENT,
    applies_to_shipping: rate.applies_to_shipping,
    created_at: formatTimestamp(rate.created_at!, timeZone),
    updated_at: formatTimestamp(rate.updated_at!, timeZone),
  };
}
