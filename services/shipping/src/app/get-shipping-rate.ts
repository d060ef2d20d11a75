import type { shipping } from '@commerce/contracts';
import { checkRateRequest, requirePair, type RatePair } from './rate-pair';
import type { ShippingDeps } from './shipping-deps';
import { toRateAnswer } from './shipping-message';

/** GET /v1/shipping_rate: both ends, the group's products (asked of catalog) and the pair's rate. */
export async function getShippingRate(
  deps: Pick<ShippingDeps, 'repository' | 'catalog'>,
  storeId: number,
  pair: RatePair,
  deadline: number,
): Promise<shipping.GetShippingRateResponse> {
  checkRateRequest(pair);
  const { shipping: config } = await deps.repository.load(storeId);
  const { group, cls } = requirePair(config, pair);
  const { product_ids } = await deps.catalog.productsInGroup(storeId, group.id, deadline);
  return toRateAnswer(config, group, cls, product_ids);
}
