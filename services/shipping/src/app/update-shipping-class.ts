import type { shipping } from '@commerce/contracts';
import { checkedChanges, notFound } from '@commerce/grpc-runtime';
import { shippingClassFields, type ShippingClassChanges } from '../domain/shipping-input';
import { changeClass, findClass, upsertClassRates } from '../domain/store-shipping';
import { changeStoreShipping } from './change-store-shipping';
import type { ShippingDeps } from './shipping-deps';
import { toClassMessage } from './shipping-message';

/**
 * Changes the fields given; absent fields stay as they are. `countries` present replaces the whole list (empty clears it);
 * `rates` sets the rate of each group it names and keeps the class's other rates (empty changes no rate). Each group
 * whose rate with the class changed is announced too.
 */
export async function updateShippingClass(
  deps: Pick<ShippingDeps, 'repository' | 'clock' | 'changes'>,
  storeId: number,
  classId: number,
  input: ShippingClassChanges,
): Promise<shipping.ShippingClass> {
  const { after } = await changeStoreShipping(deps, storeId, (current) => {
    if (!findClass(current, classId)) throw notFound('Shipping class');
    const { rates, ...changes } = checkedChanges(shippingClassFields(current), input);
    let next = changeClass(current, classId, changes);
    if (rates)
      next = upsertClassRates(
        next,
        classId,
        rates.map(({ shipping_group_id, ...amounts }) => ({ group_id: shipping_group_id, ...amounts })),
      );
    return { next, primary: { type: 'shipping_class', id: classId } };
  });
  return toClassMessage(after, findClass(after, classId)!);
}
