import type { catalog } from '@commerce/contracts';
import { validationFailed } from '@commerce/grpc-runtime';
import { hasViolations } from '../domain/product-input';
import { newVariantRecord, placeVariant, variantCountViolations, variantFieldViolations } from '../domain/variant';
import type { CatalogDeps } from './catalog-deps';
import { readDecimalPrice } from './decimal-price';
import { findLiveProduct } from './get-product';
import { writeProduct } from './product-writer';
import { requireStockRule, requireVariant, type ShownVariant } from './variant-checks';

/**
 * Adds a variant at `position` (others shift) or last; publishes variant/created, variant/updated for the shifted
 * ones, product/updated.
 */
export async function createVariant(
  deps: Pick<CatalogDeps, 'products' | 'collections' | 'variantRefs' | 'storeContexts' | 'nextId' | 'clock' | 'queue' | 'mediaOrigin'>,
  storeId: number,
  request: catalog.CreateVariantRequest,
): Promise<ShownVariant> {
  // A decimal `override_price` names the override (the gateway sends it only without `override_cents`).
  const price = await readDecimalPrice(deps, storeId, 'override_price', request.override_price);
  const fields = { ...request, override_cents: price.cents ?? request.override_cents };
  const violations = { ...variantFieldViolations(fields, { name: true }), ...price.violations };
  if (hasViolations(violations)) throw validationFailed(violations);
  await findLiveProduct(deps, storeId, request.product_id);

  const context = price.context ?? (await deps.storeContexts.of(storeId));
  const variantId = await deps.nextId('variants');
  // The reference first: a crash before the product takes the variant leaves a reference to nothing.
  await deps.variantRefs.add(storeId, variantId, request.product_id);
  const variant = newVariantRecord(variantId, fields, deps.clock());
  requireStockRule(variant);
  const { product } = await writeProduct(
    deps,
    storeId,
    request.product_id,
    context,
    (current) => {
      const full = variantCountViolations(current);
      if (hasViolations(full)) throw validationFailed(full);
      return { next: { ...current, ...placeVariant(current, variant, request.position) }, topic: 'product/updated' };
    },
    { withinSizeBudget: true },
  );
  return { variant: requireVariant(product, variantId), product };
}
