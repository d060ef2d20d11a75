import type { CatalogDeps } from './catalog-deps';

const BATCH = 100;

/**
 * Ends retirements whose delete never happened (shipping died between retiring the group and deleting
 * it, or could not reach catalog to restore it). Past the hold, shipping no longer deletes under that
 * retirement, so its answer is final: a group it still has is restored, one it no longer has stays
 * refused (its deleted event is on the way). Shipping unreachable: the next sweep asks again.
 */
export async function restoreAbandonedRetirements(
  deps: Pick<CatalogDeps, 'shippingGroupProjection' | 'shipping' | 'groupRetirementHoldMs' | 'clock' | 'logger'>,
): Promise<void> {
  const before = new Date(deps.clock().getTime() - deps.groupRetirementHoldMs);
  for (const group of await deps.shippingGroupProjection.staleRetirements(before, BATCH)) {
    const retirement = group.retirement!;
    if (await deps.shipping.group(group.store_id, group.id)) {
      await deps.shippingGroupProjection.restore(group.store_id, group.id, retirement.token);
      deps.logger.warn({ store_id: group.store_id, shipping_group_id: group.id }, 'restored a shipping group whose delete never happened');
    } else {
      await deps.shippingGroupProjection.markDeleted(group.store_id, group.id);
    }
  }
}
