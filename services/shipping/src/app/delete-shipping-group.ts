import type { shipping } from '@commerce/contracts';
import { notFound, ruleBroken } from '@commerce/grpc-runtime';
import { findGroup, removeGroup } from '../domain/store-shipping';
import { changeStoreShipping } from './change-store-shipping';
import type { ShippingDeps } from './shipping-deps';
import { toGroupMessage } from './shipping-message';

/**
 * Deletes a group and its rates (spec 4.9: only while no product uses it). Catalog owns the products, so
 * it is asked now; when it cannot answer the delete is refused (UNAVAILABLE), never done blind.
 * A product assigned between the count and the write is the one race left: catalog checks the group
 * exists when it assigns one, so the window is that of a single request.
 */
export async function deleteShippingGroup(deps: ShippingDeps, storeId: number, groupId: number, deadline: number): Promise<shipping.ShippingGroup> {
  const { shipping: config } = await deps.repository.load(storeId);
  if (!findGroup(config, groupId)) throw notFound('Shipping group');

  const { count } = await deps.catalog.productsInGroup(storeId, groupId, deadline);
  if (count > 0) {
    const products = count === 1 ? '1 product; move it' : `${count} products; move them`;
    throw ruleBroken('SHIPPING_GROUP_IN_USE', `Shipping group is used by ${products} to another group first`, {
      product_count: String(count),
    });
  }

  const { before } = await changeStoreShipping(deps, storeId, (current) => {
    if (!findGroup(current, groupId)) throw notFound('Shipping group');
    return { next: removeGroup(current, groupId), primary: { type: 'shipping_group', id: groupId } };
  });
  return toGroupMessage(before, findGroup(before, groupId)!);
}
