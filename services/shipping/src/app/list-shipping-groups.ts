import type { shipping } from '@commerce/contracts';
import type { ShippingDeps } from './shipping-deps';
import { toGroupMessage } from './shipping-message';

/** The store's groups, each with its rates. */
export async function listShippingGroups(deps: Pick<ShippingDeps, 'repository'>, storeId: number): Promise<shipping.ShippingGroup[]> {
  const { shipping: config } = await deps.repository.load(storeId);
  return config.groups.map((group) => toGroupMessage(config, group));
}
