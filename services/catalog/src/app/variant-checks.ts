import { notFound, validationFailed } from '@commerce/grpc-runtime';
import { findLiveVariant, type VariantRecord } from '../domain/product';
import { hasViolations } from '../domain/product-input';
import { stockViolations } from '../domain/variant';
import type { ProductDocument } from '../infra/product.repository';

/** What a variant use case answers: the variant and the product it belongs to (its rendering needs both). */
export interface ShownVariant {
  variant: VariantRecord;
  product: ProductDocument;
}

/** The product's live variant, or NOT_FOUND. */
export function requireVariant(product: ProductDocument, variantId: number): VariantRecord {
  const variant = findLiveVariant(product, variantId);
  if (!variant) throw notFound('variant');
  return variant;
}

/** The variant's stock fields agree with each other, or INVALID_ARGUMENT with the field violations. */
export function requireStockRule(variant: VariantRecord): void {
  const violations = stockViolations(variant);
  if (hasViolations(violations)) throw validationFailed(violations);
}
