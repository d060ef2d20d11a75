import type { shipping } from '@commerce/contracts';
import { checkedChanges, notFound } from '@commerce/grpc-runtime';
import { shippingGroupFields, type ShippingGroupChanges } from '../domain/shipping-input';
import { changeGroup, findGroup, upsertGroupRates } from '../domain/store-shipping';
import { changeStoreShipping } from './change-store-shipping';
import type { ShippingDeps } from './shipping-deps';
import { toGroupMessage } from './shipping-message';

/**
 * Changes the fields given; absent fields stay as they are. `rates` sets the rate of each class it names and keeps the
 * group's other rates, so an empty list (what clients send when they only rename) changes no rate; removing one rate is
 * DeleteShippingRate. Each class whose rate with the group changed is announced too.
 */
export async function updateShippingGroup(
  deps: Pick<ShippingDeps, 'repository' | 'clock' | 'changes'>,
  storeId: number,
  groupId: number,
  input: ShippingGroupChanges,
): Promise<shipping.ShippingGroup> {
  const { after } = await changeStoreShipping(deps, storeId, (current) => {
    if (!findGroup(current, groupId)) throw notFound('Shipping group');
    const { rates, ...changes } = checkedChanges(shippingGroupFields(current), input);
    let next = changeGroup(current, groupId, changes);
    if (rates)
      next = upsertGroupRates(
        next,
        groupId,
        rates.map(({ shipping_class_id, ...amounts }) => ({ class_id: shipping_class_id, ...amounts })),
      );
    return { next, primary: { type: 'shipping_group', id: groupId } };
  });
  return toGroupMessage(after, findGroup(after, groupId)!);
}
