import type { shipping } from '@commerce/contracts';
import { notFound, validationFailed } from '@commerce/grpc-runtime';
import { checkAmounts, hasViolations, type FieldViolations } from '../domain/shipping-input';
import { findClass, findGroup, findRate, setRate, type StoreShipping } from '../domain/store-shipping';
import { changeStoreShipping } from './change-store-shipping';
import type { ShippingDeps } from './shipping-deps';
import { toRateAnswer } from './shipping-message';

export interface RatePair {
  groupId: number;
  classId: number;
}

/** Absent amounts keep the pair's current ones (0 for a pair without a rate yet). */
export interface RateChanges {
  first_item_in_cents?: number;
  additional_item_in_cents?: number;
}

function requirePair(config: StoreShipping, { groupId, classId }: RatePair) {
  const group = findGroup(config, groupId);
  if (!group) throw notFound('Shipping group');
  const cls = findClass(config, classId);
  if (!cls) throw notFound('Shipping class');
  return { group, cls };
}

/** The pair must be named, and amounts given must be sane; checked before anyone (catalog) is asked. */
function checkRequest({ groupId, classId }: RatePair, changes: RateChanges = {}): void {
  const violations: FieldViolations = {};
  if (!groupId) violations.shipping_group_id = ['is required'];
  if (!classId) violations.shipping_class_id = ['is required'];
  // An absent amount is taken from the stored rate, which was checked when it was written.
  checkAmounts(violations, { first_item_in_cents: changes.first_item_in_cents ?? 0, additional_item_in_cents: changes.additional_item_in_cents ?? 0 });
  if (hasViolations(violations)) throw validationFailed(violations);
}

/** GET /v1/shipping_rate: both ends, the group's products (asked of catalog) and the pair's rate. */
export async function getShippingRate(deps: ShippingDeps, storeId: number, pair: RatePair, deadline: number): Promise<shipping.GetShippingRateResponse> {
  checkRequest(pair);
  const { shipping: config } = await deps.repository.load(storeId);
  const { group, cls } = requirePair(config, pair);
  const { product_ids } = await deps.catalog.productsInGroup(storeId, group.id, deadline);
  return toRateAnswer(config, group, cls, product_ids);
}

/**
 * PUT /v1/shipping_rate: creates or replaces the pair's rate; both ends get an `updated` event. Catalog is asked for
 * the products before writing, so a request that cannot be answered in full changes nothing.
 */
export async function updateShippingRate(
  deps: ShippingDeps,
  storeId: number,
  pair: RatePair,
  changes: RateChanges,
  deadline: number,
): Promise<shipping.UpdateShippingRateResponse> {
  checkRequest(pair, changes);
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
