import type { catalog } from '@commerce/contracts';
import { validationFailed } from '@commerce/grpc-runtime';
import { hasViolations } from '../domain/product-input';
import { applyVariantChanges, moveVariant, replaceVariant, variantFieldViolations } from '../domain/variant';
import type { CatalogDeps } from './catalog-deps';
import { readDecimalPrice } from './decimal-price';
import type { ProductDocument } from '../infra/product.repository';
import { writeProduct, type ProductChange } from './product-writer';
import { requireStockRule, requireVariant, type ShownVariant } from './variant-checks';

export async function updateVariant(
  deps: Pick<CatalogDeps, 'products' | 'collections' | 'storeContexts' | 'clock' | 'queue' | 'mediaOrigin'>,
  storeId: number,
  request: catalog.UpdateVariantRequest,
): Promise<ShownVariant> {
  const { product_id: productId, variant_id: variantId, position } = request;
  const price = await readDecimalPrice(deps, storeId, 'override_price', request.override_price, request.override_cents);
  const fields = { ...request, override_cents: request.override_cents ?? price.cents };
  const violations = { ...variantFieldViolations(fields, { name: false }), ...price.violations };
  if (hasViolations(violations)) throw validationFailed(violations);
  const context = price.context ?? (await deps.storeContexts.of(storeId));
  const change = (current: ProductDocument): ProductChange => {
    const variant = requireVariant(current, variantId);
    const changed = applyVariantChanges(variant, fields);
    if (changed) requireStockRule(changed);
    let next = changed ? replaceVariant(current, changed) : current;
    if (position !== undefined && position !== variant.position) next = moveVariant(next, variantId, position);
    return next === current ? null : { next: { ...current, ...next }, topic: 'product/updated' };
  };
  const { product } = await writeProduct(deps, storeId, productId, context, change, { withinSizeBudget: true });
  return { variant: requireVariant(product, variantId), product };
}
