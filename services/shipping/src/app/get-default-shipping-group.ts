import type { shipping } from '@commerce/contracts';
import { defaultGroup } from '../domain/store-shipping';
import type { ShippingDeps } from './shipping-deps';
import { toGroupMessage } from './shipping-message';

/** The store's lowest-id group, or undefined when it has none (catalog then creates the product without one). */
export async function getDefaultShippingGroup(
  deps: Pick<ShippingDeps, 'repository'>,
  storeId: number,
): Promise<shipping.ShippingGroup | undefined> {
  const { shipping: config } = await deps.repository.load(storeId);
  const group = defaultGroup(config);
  return group && toGroupMessage(config, group);
}
