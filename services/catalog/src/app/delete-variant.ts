import { notFound, ruleBroken } from '@commerce/grpc-runtime';
import { LastVariantError, removeVariant } from '../domain/variant';
import type { CatalogDeps } from './catalog-deps';
import { writeProduct } from './product-writer';
import { requireVariant, type ShownVariant } from './variant-checks';

/**
 * Soft-deletes a variant; the last one cannot go (LAST_VARIANT). Decided on the product document's
 * optimistic write, so two deletes racing for a product's last two variants cannot both succeed.
 */
export async function deleteVariant(
  deps: Pick<CatalogDeps, 'products' | 'collections' | 'storeContexts' | 'clock' | 'queue' | 'mediaOrigin'>,
  storeId: number,
  productId: number,
  variantId: number,
): Promise<ShownVariant> {
  const context = await deps.storeContexts.of(storeId);
  const { product } = await writeProduct(deps, storeId, productId, context, (current) => {
    requireVariant(current, variantId);
    try {
      return { next: { ...current, ...removeVariant(current, variantId, deps.clock()) }, topic: 'product/updated' };
    } catch (error) {
      if (error instanceof LastVariantError)
        throw ruleBroken('LAST_VARIANT', error.message, { product_id: String(productId), variant_id: String(variantId) });
      throw error;
    }
  });
  const deleted = product.variants.find((variant) => variant.id === variantId);
  if (!deleted) throw notFound('variant');
  return { variant: deleted, product };
}
