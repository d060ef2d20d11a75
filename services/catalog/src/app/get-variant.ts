import type { CatalogDeps } from './catalog-deps';
import { findLiveProduct } from './get-product';
import { requireVariant, type ShownVariant } from './variant-checks';

export async function getVariant(
  deps: Pick<CatalogDeps, 'products'>,
  storeId: number,
  productId: number,
  variantId: number,
): Promise<ShownVariant> {
  const product = await findLiveProduct(deps, storeId, productId);
  return { variant: requireVariant(product, variantId), product };
}
