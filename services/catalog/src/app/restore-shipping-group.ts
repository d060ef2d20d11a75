import type { CatalogDeps } from './catalog-deps';

/** Shipping's delete did not happen: products may name the group again. Only the retirement of `token` ends. */
export function restoreShippingGroup(
  deps: Pick<CatalogDeps, 'shippingGroupProjection'>,
  storeId: number,
  groupId: number,
  token: string,
): Promise<boolean> {
  return deps.shippingGroupProjection.restore(storeId, groupId, token);
}
