import type { catalog } from '@commerce/contracts';
import { notFound, ruleBroken, validationFailed } from '@commerce/grpc-runtime';
import { findLiveVariant, type VariantRecord } from '../domain/product';
import { hasViolations } from '../domain/product-input';
import {
  applyVariantChanges,
  LastVariantError,
  moveVariant,
  newVariantRecord,
  placeVariant,
  removeVariant,
  replaceVariant,
  stockViolations,
  variantFieldViolations,
} from '../domain/variant';
import type { ProductDocument } from '../infra/product.repository';
import type { CatalogDeps } from './catalog-deps';
import { findLiveProduct } from './get-product';
import { writeProduct } from './product-writer';

export interface ShownVariant {
  variant: VariantRecord;
  product: ProductDocument;
}

function requireVariant(product: ProductDocument, variantId: number): VariantRecord {
  const variant = findLiveVariant(product, variantId);
  if (!variant) throw notFound('variant');
  return variant;
}

function requireStockRule(variant: VariantRecord): void {
  const violations = stockViolations(variant);
  if (hasViolations(violations)) throw validationFailed(violations);
}

/** Adds a variant at `position` (others shift) or last; publishes variant/created, variant/updated for the shifted ones, product/updated. */
export async function createVariant(deps: CatalogDeps, storeId: number, request: catalog.CreateVariantRequest): Promise<ShownVariant> {
  const fields = {
    name: request.name,
    full_quantity: request.full_quantity,
    in_stock: request.in_stock,
    sku: request.sku,
    position: request.position,
    has_override_price: request.has_override_price,
    override_cents: request.override_cents,
  };
  const violations = variantFieldViolations(fields, { name: true });
  if (hasViolations(violations)) throw validationFailed(violations);
  await findLiveProduct(deps, storeId, request.product_id);

  const context = await deps.storeContexts.of(storeId);
  const variantId = await deps.nextId('variants');
  // The reference first: a crash before the product takes the variant leaves a reference to nothing.
  await deps.variantRefs.add(storeId, variantId, request.product_id);
  const variant = newVariantRecord(variantId, fields, deps.clock());
  requireStockRule(variant);
  const { product } = await writeProduct(deps, storeId, request.product_id, context, (current) => ({
    next: { ...current, ...placeVariant(current, variant, request.position) },
    topic: 'product/updated',
  }));
  return { variant: requireVariant(product, variantId), product };
}

export async function getVariant(deps: CatalogDeps, storeId: number, productId: number, variantId: number): Promise<ShownVariant> {
  const product = await findLiveProduct(deps, storeId, productId);
  return { variant: requireVariant(product, variantId), product };
}

export async function updateVariant(deps: CatalogDeps, storeId: number, request: catalog.UpdateVariantRequest): Promise<ShownVariant> {
  const { store_id: _store, product_id: productId, variant_id: variantId, position, ...changes } = request;
  const violations = variantFieldViolations({ ...changes, position }, { name: false });
  if (hasViolations(violations)) throw validationFailed(violations);
  const context = await deps.storeContexts.of(storeId);
  const { product } = await writeProduct(deps, storeId, productId, context, (current) => {
    const variant = requireVariant(current, variantId);
    const changed = applyVariantChanges(variant, changes);
    if (changed) requireStockRule(changed);
    let next = changed ? replaceVariant(current, changed) : current;
    if (position !== undefined && position !== variant.position) next = moveVariant(next, variantId, position);
    return next === current ? null : { next: { ...current, ...next }, topic: 'product/updated' };
  });
  return { variant: requireVariant(product, variantId), product };
}

/**
 * Soft-deletes a variant; the last one cannot go (LAST_VARIANT). Decided on the product document's
 * optimistic write, so two deletes racing for a product's last two variants cannot both succeed.
 */
export async function deleteVariant(deps: CatalogDeps, storeId: number, productId: number, variantId: number): Promise<ShownVariant> {
  const context = await deps.storeContexts.of(storeId);
  const { product } = await writeProduct(deps, storeId, productId, context, (current) => {
    requireVariant(current, variantId);
    try {
      return { next: { ...current, ...removeVariant(current, variantId, deps.clock()) }, topic: 'product/updated' };
    } catch (error) {
      if (error instanceof LastVariantError) throw ruleBroken('LAST_VARIANT', error.message, { product_id: String(productId), variant_id: String(variantId) });
      throw error;
    }
  });
  const deleted = product.variants.find((variant) => variant.id === variantId);
  if (!deleted) throw notFound('variant');
  return { variant: deleted, product };
}
