import type { orders } from '@commerce/contracts';
import { z } from 'zod';
import { id, optionalTimestamp, timestamp } from '../answer-schema';
import { formatOptionalTimestamp, formatTimestamp } from '../timestamp';

/** What presentDiscount renders (the OpenAPI document's `Discount`). */
export const discountJson = z
  .strictObject({
    id: id(),
    code: z.string(),
    kind: z.enum(['percentage', 'fixed_amount', 'free_shipping']),
    value: z
      .number()
      .meta({ description: "a percentage's percent (12.5), a fixed amount in minor units of the store's currency, 0 for free_shipping" }),
    minimum_subtotal: z.number().int().meta({ description: "minor units of the store's currency; 0 = no minimum" }),
    product_ids: z.array(id()),
    collection_ids: z.array(id()),
    starts_at: optionalTimestamp(),
    ends_at: optionalTimestamp(),
    usage_limit: z.number().int().nullable().meta({ description: 'null = unlimited' }),
    once_per_customer: z.boolean(),
    times_used: z.number().int(),
    created_at: timestamp(),
    updated_at: timestamp(),
  })
  .meta({ id: 'Discount' });

export type DiscountJson = z.infer<typeof discountJson>;

/**
 * A discount code as docs/money.md#discount-codes renders it: `value` is the percent for a percentage (kept in basis
 * points), minor units for a fixed amount, 0 for free shipping; absent times and limit are null; timestamps in the
 * store's zone.
 */
export function presentDiscount(discount: orders.Discount, timeZone: string): DiscountJson {
  return {
    id: discount.id,
    code: discount.code,
    kind: discount.kind as DiscountJson['kind'],
    value: discount.kind === 'percentage' ? discount.percent_bp / 100 : discount.kind === 'fixed_amount' ? discount.amount : 0,
    minimum_subtotal: discount.minimum_subtotal,
    product_ids: [...discount.product_ids],
    collection_ids: [...discount.collection_ids],
    starts_at: formatOptionalTimestamp(discount.starts_at, timeZone),
    ends_at: formatOptionalTimestamp(discount.ends_at, timeZone),
    usage_limit: discount.usage_limit ?? null,
    once_per_customer: discount.once_per_customer,
    times_used: discount.times_used,
    created_at: formatTimestamp(discount.created_at!, timeZone),
    updated_at: formatTimestamp(discount.updated_at!, timeZone),
  };
}
