import type { shipping } from '@commerce/contracts';
import { z } from 'zod';
import { cents, id } from '../answer-schema';

const rateAmounts = { first_item_in_cents: cents(), additional_item_in_cents: cents() };

/** What presentShippingGroup renders (the OpenAPI document's `ShippingGroup`). */
export const shippingGroupJson = z
  .strictObject({
    id: id(),
    name: z.string(),
    products: z.array(id()).optional().meta({ description: "the group's products (the shipping rate answer only)" }),
    shipping_rates: z.array(z.strictObject({ shipping_rate: z.strictObject({ shipping_class_id: id(), ...rateAmounts }) })),
  })
  .meta({ id: 'ShippingGroup' });

export type ShippingGroupJson = z.infer<typeof shippingGroupJson>;

/** One element of a group's `shipping_rates` (docs/api-conventions.md#responses: list elements inside a record are wrapped). */
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
 * A shipping group as docs/shipping.md#records renders it: `{id, name, shipping_rates}`; with `productIds` (the
 * shipping-rate answer only) also `products`. No timestamps: the spec renders none. The group events'
 * `resource` is this same rendering, which catalog reads for its group-name projection.
 */
export function presentShippingGroup(group: shipping.ShippingGroup, productIds?: readonly number[]): ShippingGroupJson {
  return {
    id: group.id,
    name: group.name,
    ...(productIds ? { products: [...productIds] } : {}),
    shipping_rates: group.rates.map(presentShippingGroupRate),
  };
}
