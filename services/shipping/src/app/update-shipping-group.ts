import type { shipping } from '@commerce/contracts';
import { notFound, validationFailed, type FieldViolations } from '@commerce/grpc-runtime';
import { checkGroupRates, checkName, hasViolations, type GroupRateInput } from '../domain/shipping-input';
import { findGroup, renameGroup, upsertGroupRates, type StoreShipping } from '../domain/store-shipping';
import { changeStoreShipping } from './change-store-shipping';
import type { ShippingDeps } from './shipping-deps';
import { toGroupMessage } from './shipping-message';

/**
 * Absent fields stay as they are. `rates` sets the rate of each class it names and keeps the group's other
 * rates, so an empty list (what clients send when they only rename) changes no rate; removing one rate is
 * DeleteShippingRate.
 */
export interface ShippingGroupChanges {
  name?: string;
  rates?: GroupRateInput[];
}

/** Renames and/or re-rates a group; each class whose rate with it changed is announced too. */
export async function updateShippingGroup(
  deps: ShippingDeps,
  storeId: number,
  groupId: number,
  input: ShippingGroupChanges,
): Promise<shipping.ShippingGroup> {
  const { after } = await changeStoreShipping(deps, storeId, (current) => {
    if (!findGroup(current, groupId)) throw notFound('Shipping group');
    const violations: FieldViolations = {};
    const name = checkName(violations, input.name, false);
    if (input.rates) checkGroupRates(violations, input.rates, current);
    if (hasViolations(violations)) throw validationFailed(violations);

    let next: StoreShipping = name === undefined ? current : renameGroup(current, groupId, name);
    if (input.rates)
      next = upsertGroupRates(
        next,
        groupId,
        input.rates.map(({ shipping_class_id, ...amounts }) => ({ class_id: shipping_class_id, ...amounts })),
      );
    return { next, primary: { type: 'shipping_group', id: groupId } };
  });
  return toGroupMessage(after, findGroup(after, groupId)!);
}
