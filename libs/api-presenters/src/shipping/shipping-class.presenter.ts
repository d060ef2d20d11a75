import type { shipping } from '@commerce/contracts';

/** One element of a class's `shipping_rates`, wrapped as spec 2.1 wants. */
export function presentShippingClassRate(rate: shipping.ShippingClassRate) {
  return {
    shipping_rate: {
      shipping_group_id: rate.shipping_group_id,
      first_item_in_cents: rate.first_item_in_cents,
      additional_item_in_cents: rate.additional_item_in_cents,
    },
  };
}

/** A shipping class as spec 2.5 renders it: `{id, name, countries, shipping_rates}` (countries may be empty). */
export function presentShippingClass(cls: shipping.ShippingClass) {
  return {
    id: cls.id,
    name: cls.name,
    countries: [...cls.countries],
    shipping_rates: cls.rates.map(presentShippingClassRate),
  };
}

export type ShippingClassJson = ReturnType<typeof presentShippingClass>;
