import { checkedFields, notFound } from '@commerce/grpc-runtime';
import { rateRequest, type RateAmounts } from '../domain/shipping-input';
import { findClass, findGroup, type StoreShipping } from '../domain/store-shipping';

/** The (group, class) pair a /v1/shipping_rate request names. */
export interface RatePair {
  groupId: number;
  classId: number;
}

/** Absent amounts keep the pair's current ones (0 for a pair without a rate yet). */
export type RateChanges = Partial<RateAmounts>;

/** The pair must be named, and amounts given must be sane; checked before anyone (catalog) is asked. */
export function checkRateRequest({ groupId, classId }: RatePair, changes: RateChanges = {}): void {
  // An absent amount is taken from the stored rate, which was checked when it was written.
  checkedFields(rateRequest, {
    shipping_group_id: groupId,
    shipping_class_id: classId,
    first_item_in_cents: changes.first_item_in_cents ?? 0,
    additional_item_in_cents: changes.additional_item_in_cents ?? 0,
  });
}

/** Both ends of the pair, or NOT_FOUND for the first one the store lacks (group, then class). */
export function requirePair(config: StoreShipping, { groupId, classId }: RatePair) {
  const group = findGroup(config, groupId);
  if (!group) throw notFound('Shipping group');
  const cls = findClass(config, classId);
  if (!cls) throw notFound('Shipping class');
  return { group, cls };
}
