import type { shipping } from '@commerce/contracts';

/** One element of a group's `shipping_rates` (spec 2.1: list elements inside a record are wrapped). */
export function presentShippingGroupRate(rate: shipping.ShippingGroupRate) {
  return {
    shipping_rate: {
      shipping_class_id: rate.shipping_class_id,
      first_item_in_cents: rate.first_item_in_cents,
      additional_item_in_cents: rate.additional_item_in_cents,
    },
  };
}

/**
 * A shipping group as spec 2.5 renders it: `{id, name, shipping_rates}`; with `productIds` (the
 * shipping-rate answer only) also `products`. No timestamps: the spec renders none. The group events'
 * `resource` is this same rendering, which catalog reads for its group-name projection.
 */
export function presentShippingGroup(group: shipping.ShippingGroup, productIds?: readonly number[]) {
  return {
    id: group.id,
    name: group.name,
    ...(productIds ? { products: [...productIds] } : {}),
    shipping_rates: group.rates.map(presentShippingGroupRate),
  };
}

export type ShippingGroupJson = ReturnType<typeof presentShippingGroup>;
