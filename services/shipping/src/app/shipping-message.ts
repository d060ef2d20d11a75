import type { shipping } from '@commerce/contracts';
import {
  findRate,
  ratesOfClass,
  ratesOfGroup,
  type ShippingClassRecord,
  type ShippingGroupRecord,
  type StoreShipping,
} from '../domain/store-shipping';

/**
 * The contract's ShippingGroup: the record (its fields as domain/shipping-input.ts declares them, id, timestamps) plus
 * its rates by class id.
 */
export function toGroupMessage(config: StoreShipping, group: ShippingGroupRecord): shipping.ShippingGroup {
  const { version: _version, ...fields } = group;
  return {
    ...fields,
    rates: ratesOfGroup(config, group.id).map((rate) => ({
      shipping_class_id: rate.class_id,
      first_item_in_cents: rate.first_item_in_cents,
      additional_item_in_cents: rate.additional_item_in_cents,
    })),
  };
}

/** The contract's ShippingClass: the record plus its rates by group id. */
export function toClassMessage(config: StoreShipping, cls: ShippingClassRecord): shipping.ShippingClass {
  const { version: _version, ...fields } = cls;
  return {
    ...fields,
    countries: [...cls.countries],
    rates: ratesOfClass(config, cls.id).map((rate) => ({
      shipping_group_id: rate.group_id,
      first_item_in_cents: rate.first_item_in_cents,
      additional_item_in_cents: rate.additional_item_in_cents,
    })),
  };
}

/** The GET, PUT and DELETE /v1/shipping_rate answer: both ends, the group's products, and the pair's rate if it has one. */
export function toRateAnswer(
  config: StoreShipping,
  group: ShippingGroupRecord,
  cls: ShippingClassRecord,
  productIds: number[],
): shipping.GetShippingRateResponse {
  const rate = findRate(config, group.id, cls.id);
  return {
    shipping_group: toGroupMessage(config, group),
    shipping_class: toClassMessage(config, cls),
    product_ids: productIds,
    rate: rate && {
      shipping_group_id: rate.group_id,
      shipping_class_id: rate.class_id,
      first_item_in_cents: rate.first_item_in_cents,
      additional_item_in_cents: rate.additional_item_in_cents,
    },
  };
}
