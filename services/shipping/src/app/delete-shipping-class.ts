import type { shipping } from '@commerce/contracts';
import { notFound } from '@commerce/grpc-runtime';
import { findClass, removeClass } from '../domain/store-shipping';
import { changeStoreShipping } from './change-store-shipping';
import type { ShippingDeps } from './shipping-deps';
import { toClassMessage } from './shipping-message';

/** Deletes a class and its rates: shipping_class/deleted, and shipping_group/updated for each group that lost a rate. */
export async function deleteShippingClass(
  deps: Pick<ShippingDeps, 'repository' | 'clock' | 'changes'>,
  storeId: number,
  classId: number,
): Promise<shipping.ShippingClass> {
  const { before } = await changeStoreShipping(deps, storeId, (current) => {
    if (!findClass(current, classId)) throw notFound('Shipping class');
    return { next: removeClass(current, classId), primary: { type: 'shipping_class', id: classId } };
  });
  return toClassMessage(before, findClass(before, classId)!);
}
