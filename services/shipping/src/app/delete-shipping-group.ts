import { randomUUID } from 'node:crypto';
import type { shipping } from '@commerce/contracts';
import { DomainError, isRemoteError, notFound, ruleBroken } from '@commerce/grpc-runtime';
import { findGroup, removeGroup } from '../domain/store-shipping';
import { changeStoreShipping } from './change-store-shipping';
import type { ShippingDeps } from './shipping-deps';
import { toGroupMessage } from './shipping-message';

/**
 * Deletes a group and its rates (docs/shipping.md#a-group-in-use-cannot-be-deleted: only while no product uses it). Catalog owns the
 * products, so it first retires the group, atomically against its own product writes: from then on no product can take
 * the group, or catalog answered that products use it and nothing changed. Then the group is deleted here.
 * When catalog cannot answer the delete is refused (UNAVAILABLE), never done blind; when the delete fails
 * after the retirement, the group is restored in catalog (and if even that fails, catalog restores it
 * itself once the retirement's hold has passed and shipping still has the group, which is why the delete
 * is written within half of the hold or not at all).
 */
export async function deleteShippingGroup(
  deps: Pick<ShippingDeps, 'repository' | 'catalog' | 'clock' | 'changes' | 'logger'>,
  storeId: number,
  groupId: number,
  deadline: number,
): Promise<shipping.ShippingGroup> {
  const { shipping: config } = await deps.repository.load(storeId);
  if (!findGroup(config, groupId)) throw notFound('Shipping group');

  const token = randomUUID();
  const askedAt = deps.clock().getTime();
  const retirement = await deps.catalog.retireGroup(storeId, groupId, token, deadline).catch(async (error: unknown) => {
    // Without catalog's answer (a transport failure, a deadline), it may have retired the group after this
    // call gave up; the delete will not happen. An answer with a reason (ABORTED...) retired nothing.
    if (!(isRemoteError(error) && error.reason !== undefined)) await restoreIfStillHere(deps, storeId, groupId, token);
    throw error;
  });
  if (!retirement.retired) throw inUse(retirement.productCount);

  try {
    const { before } = await changeStoreShipping(deps, storeId, (current, now) => {
      if (!findGroup(current, groupId)) throw notFound('Shipping group');
      if (now.getTime() - askedAt > retirement.heldForMs / 2)
        throw new DomainError('UNAVAILABLE', 'Deleting the shipping group took too long; try again');
      return { next: removeGroup(current, groupId), primary: { type: 'shipping_group', id: groupId } };
    });
    return toGroupMessage(before, findGroup(before, groupId)!);
  } catch (error) {
    await restoreIfStillHere(deps, storeId, groupId, token);
    throw error;
  }
}

function inUse(count: number): DomainError {
  const products = count === 1 ? '1 product; move it' : `${count} products; move them`;
  return ruleBroken('SHIPPING_GROUP_IN_USE', `Shipping group is used by ${products} to another group first`, {
    product_count: String(count),
  });
}

/**
 * Lets catalog's products name the group again, but only while it still exists here: a delete that did
 * land (its write failed only as far as we could tell) must keep it refused until its deleted event
 * reaches catalog. Failing that, catalog's own sweep restores it later.
 */
async function restoreIfStillHere(
  deps: Pick<ShippingDeps, 'repository' | 'catalog' | 'logger'>,
  storeId: number,
  groupId: number,
  token: string,
): Promise<void> {
  try {
    const { shipping: config } = await deps.repository.load(storeId);
    if (findGroup(config, groupId)) await deps.catalog.restoreGroup(storeId, groupId, token);
  } catch (error) {
    deps.logger.warn(
      { err: error, store_id: storeId, shipping_group_id: groupId },
      'could not restore the shipping group in catalog; its sweep will',
    );
  }
}
