import type { shipping } from '@commerce/contracts';
import { z } from 'zod';
import { cents, id } from '../answer-schema';
import { presentShippingClass, shippingClassJson } from './shipping-class.presenter';
import { presentShippingGroup, shippingGroupJson } from './shipping-group.presenter';

/** What GET and PUT /v1/shipping_rate answer from (the two responses share one shape). */
export type ShippingRateAnswer = shipping.GetShippingRateResponse | shipping.UpdateShippingRateResponse;

/** What presentShippingRate renders (the OpenAPI document's `ShippingRate`). */
export const shippingRateJson = z
  .strictObject({
    shipping_group: shippingGroupJson,
    shipping_class: shippingClassJson,
    shipping_group_id: id(),
    shipping_class_id: id(),
    first_item_in_cents: cents().nullable().meta({ description: 'null: the class has no rate for the group' }),
    additional_item_in_cents: cents().nullable(),
  })
  .meta({ id: 'ShippingRate' });

export type ShippingRateJson = z.infer<typeof shippingRateJson>;

/**
 * `data` of GET/PUT /v1/shipping_rate: the spec's `shipping_group` (with `products`) and
 * `shipping_class` (docs/shipping.md#shipping-rates), plus the flat pair and amounts of docs/shipping.md#shipping-rates. A pair without a
 * rate renders its amounts as null: "no rate" (the class cannot ship the group) is not a free rate of 0.
 */
export function presentShippingRate(answer: ShippingRateAnswer): ShippingRateJson {
  const group = answer.shipping_group;
  const cls = answer.shipping_class;
  if (!group || !cls) throw new Error('presentShippingRate: the answer lacks its shipping group or class');
  return {
    shipping_group: presentShippingGroup(group, answer.product_ids),
    shipping_class: presentShippingClass(cls),
    shipping_group_id: group.id,
    shipping_class_id: cls.id,
    first_item_in_cents: answer.rate?.first_item_in_cents ?? null,
    additional_item_in_cents: answer.rate?.additional_item_in_cents ?? null,
  };
}
