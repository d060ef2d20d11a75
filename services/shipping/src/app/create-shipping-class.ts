import type { shipping } from '@commerce/contracts';
import { checkedFields, ruleBroken } from '@commerce/grpc-runtime';
import { MAX_CLASSES_PER_STORE, shippingClassFields, type NewShippingClassInput } from '../domain/shipping-input';
import { addClass, findClass } from '../domain/store-shipping';
import { changeStoreShipping } from './change-store-shipping';
import type { ShippingDeps } from './shipping-deps';
import { toClassMessage } from './shipping-message';

/** Creates a class with its countries and rates; announces shipping_class/created and shipping_group/updated for each group it rates. */
export async function createShippingClass(
  deps: Pick<ShippingDeps, 'repository' | 'nextId' | 'clock' | 'changes'>,
  storeId: number,
  input: NewShippingClassInput,
): Promise<shipping.ShippingClass> {
  let id: number | undefined;
  const { after } = await changeStoreShipping(deps, storeId, async (current, now) => {
    const { rates, ...fields } = checkedFields(shippingClassFields(current), input);
    if (current.classes.length >= MAX_CLASSES_PER_STORE) {
      throw ruleBroken('SHIPPING_LIMIT_REACHED', `A store has at most ${MAX_CLASSES_PER_STORE} shipping classes`, {
        limit: String(MAX_CLASSES_PER_STORE),
      });
    }
    // Taken once, after the input proved valid; a retry after a concurrent write keeps the same id.
    id ??= await deps.nextId('shipping_classes');
    const groupRates = rates.map(({ shipping_group_id, ...amounts }) => ({ group_id: shipping_group_id, ...amounts }));
    return { next: addClass(current, { id, ...fields }, groupRates, now), primary: { type: 'shipping_class', id } };
  });
  return toClassMessage(after, findClass(after, id!)!);
}
