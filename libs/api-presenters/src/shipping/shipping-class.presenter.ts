import type { shipping } from '@commerce/contracts';
import { z } from 'zod';
import { cents, id } from '../answer-schema';

/** What presentShippingClass renders (the OpenAPI document's `ShippingClass`). */
export const shippingClassJson = z
  .strictObject({
    id: id(),
    name: z.string(),
    countries: z.array(z.string()),
    shipping_rates: z.array(
      z.strictObject({
        shipping_rate: z.strictObject({ shipping_group_id: id(), first_item_in_cents: cents(), additional_item_in_cents: cents() }),
      }),
    ),
  })
  .meta({ id: 'ShippingClass' });

export type ShippingClassJson = z.infer<typeof shippingClassJson>;

/** One element of a class's `shipping_rates`, wrapped as docs/api-conventions.md#responses wants. */
export function presentShippingClassRate(rate: shipping.ShippingClassRate) {
  return {
    shipping_rate: {
      shipping_group_id: rate.shipping_group_id,
      first_item_in_cents: rate.first_item_in_cents,
      additional_item_in_cents: rate.additional_item_in_cents,
    },
  };
}

/** A shipping class as docs/shipping.md#records renders it: `{id, name, countries, shipping_rates}` (countries may be empty). */
export function presentShippingClass(cls: shipping.ShippingClass): ShippingClassJson {
  return {
    id: cls.id,
    name: cls.name,
    countries: [...cls.countries],
    shipping_rates: cls.rates.map(presentShippingClassRate),
  };
}
