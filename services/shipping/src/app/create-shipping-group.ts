import type { shipping } from '@commerce/contracts';
import { checkedFields, ruleBroken } from '@commerce/grpc-runtime';
import { MAX_GROUPS_PER_STORE, shippingGroupFields, type NewShippingGroupInput } from '../domain/shipping-input';
import { addGroup, findGroup } from '../domain/store-shipping';
import { changeStoreShipping } from './change-store-shipping';
import type { ShippingDeps } from './shipping-deps';
import { toGroupMessage } from './shipping-message';

/** Creates a group with its rates; announces shipping_group/created and shipping_class/updated for each class it rates. */
export async function createShippingGroup(
  deps: Pick<ShippingDeps, 'repository' | 'nextId' | 'clock' | 'changes'>,
  storeId: number,
  input: NewShippingGroupInput,
): Promise<shipping.ShippingGroup> {
  let id: number | undefined;
  const { after } = await changeStoreShipping(deps, storeId, async (current, now) => {
    const { rates, ...fields } = checkedFields(shippingGroupFields(current), input);
    if (current.groups.length >= MAX_GROUPS_PER_STORE) {
      throw ruleBroken('SHIPPING_LIMIT_REACHED', `A store has at most ${MAX_GROUPS_PER_STORE} shipping groups`, {
        limit: String(MAX_GROUPS_PER_STORE),
      });
    }
    // Taken once, after the input proved valid; a retry after a concurrent write keeps the same id.
    id ??= await deps.nextId('shipping_groups');
    const classRates = rates.map(({ shipping_class_id, ...amounts }) => ({ class_id: shipping_class_id, ...amounts }));
    return { next: addGroup(current, { id, ...fields }, classRates, now), primary: { type: 'shipping_group', id } };
  });
  return toGroupMessage(after, findGroup(after, id!)!);
}
