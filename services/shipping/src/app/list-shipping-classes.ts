import type { shipping } from '@commerce/contracts';
import type { ShippingDeps } from './shipping-deps';
import { toClassMessage } from './shipping-message';

/** The store's classes, each with its countries and rates. */
export async function listShippingClasses(deps: Pick<ShippingDeps, 'repository'>, storeId: number): Promise<shipping.ShippingClass[]> {
  const { shipping: config } = await deps.repository.load(storeId);
  return config.classes.map((cls) => toClassMessage(config, cls));
}
