import type { shipping } from '@commerce/contracts';
import { notFound } from '@commerce/grpc-runtime';
import { findGroup } from '../domain/store-shipping';
import type { ShippingDeps } from './shipping-deps';
import { toGroupMessage } from './shipping-message';

/** One of the store's groups; a group of another store is simply absent from this store's configuration: NOT_FOUND, never a hint. */
export async function getShippingGroup(
  deps: Pick<ShippingDeps, 'repository'>,
  storeId: number,
  groupId: number,
): Promise<shipping.ShippingGroup> {
  const { shipping: config } = await deps.repository.load(storeId);
  const group = findGroup(config, groupId);
  if (!group) throw notFound('Shipping group');
  return toGroupMessage(config, group);
}
