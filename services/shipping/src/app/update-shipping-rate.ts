import type { shipping } from '@commerce/contracts';
import { findRate, setRate } from '../domain/store-shipping';
import { changeStoreShipping } from './change-store-shipping';
import { checkRateRequest, requirePair, type RateChanges, type RatePair } from './rate-pair';
import type { ShippingDeps } from './shipping-deps';
import { toRateAnswer } from './shipping-message';

/**
 * PUT /v1/shipping_rate: creates or replaces the pair's rate; both ends get an `updated` event. Catalog is asked for
 * the products before writing, so a request that cannot be answered in full changes nothing.
 */
export async function updateShippingRate(
  deps: Pick<ShippingDeps, 'repository' | 'catalog' | 'clock' | 'changes'>,
  storeId: number,
  pair: RatePair,
  changes: RateChanges,
  deadline: number,
): Promise<shipping.UpdateShippingRateResponse> {
  checkRateRequest(pair, changes);
  const { shipping: config } = await deps.repository.load(storeId);
  requirePair(config, pair);
  const { product_ids } = await deps.catalog.productsInGroup(storeId, pair.groupId, deadline);

  const { after } = await changeStoreShipping(deps, storeId, (current) => {
    requirePair(current, pair);
    const existing = findRate(current, pair.groupId, pair.classId);
    const amounts = {
      first_item_in_cents: changes.first_item_in_cents ?? existing?.first_item_in_cents ?? 0,
      additional_item_in_cents: changes.additional_item_in_cents ?? existing?.additional_item_in_cents ?? 0,
    };
    return { next: setRate(current, pair.groupId, pair.classId, amounts), primary: { type: 'shipping_group', id: pair.groupId } };
  });
  const { group, cls } = requirePair(after, pair);
  return toRateAnswer(after, group, cls, product_ids);
}
