import type { shipping } from '@commerce/contracts';
import { notFound } from '@commerce/grpc-runtime';
import { findRate, removeRate, type StoreShipping } from '../domain/store-shipping';
import { changeStoreShipping } from './change-store-shipping';
import { checkRateRequest, requirePair, type RatePair } from './rate-pair';
import type { ShippingDeps } from './shipping-deps';
import { toRateAnswer } from './shipping-message';

/** NOT_FOUND unless both ends are the store's and the pair has a rate (checked in this order). */
function requireRate(config: StoreShipping, pair: RatePair) {
  const ends = requirePair(config, pair);
  if (!findRate(config, pair.groupId, pair.classId)) throw notFound('Shipping rate');
  return ends;
}

/**
 * DELETE /v1/shipping_rate: removes the rate of one pair, the one way a rate goes away while both its ends
 * stay (a group or class update only ever sets the rates it names). Both ends get an `updated` event in the
 * same write, as any rate change. Answers the pair as GET answered it just before (the removed rate
 * included), as every DELETE answers what it deleted; catalog is asked for the group's products before
 * writing, so a removal that cannot be answered in full changes nothing.
 */
export async function deleteShippingRate(
  deps: Pick<ShippingDeps, 'repository' | 'catalog' | 'clock' | 'changes'>,
  storeId: number,
  pair: RatePair,
  deadline: number,
): Promise<shipping.DeleteShippingRateResponse> {
  checkRateRequest(pair);
  const { shipping: config } = await deps.repository.load(storeId);
  requireRate(config, pair);
  const { product_ids } = await deps.catalog.productsInGroup(storeId, pair.groupId, deadline);

  const { before } = await changeStoreShipping(deps, storeId, (current) => {
    requireRate(current, pair);
    return { next: removeRate(current, pair.groupId, pair.classId), primary: { type: 'shipping_group', id: pair.groupId } };
  });
  const { group, cls } = requireRate(before, pair);
  return toRateAnswer(before, group, cls, product_ids);
}
