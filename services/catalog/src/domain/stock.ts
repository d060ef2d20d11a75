import type { FieldViolations } from '@commerce/grpc-runtime';
import { add } from './product-input';
import { findLiveVariant, isPurchasable, type ProductRecord } from './product';

export interface StockLine {
  variant_id: number;
  quantity: number;
}

/** Why a line cannot be reserved, as ReserveStock reports it. */
export type StockRefusal =
  | { reason: 'NOT_FOUND'; variant_id: number }
  | { reason: 'NOT_PURCHASABLE'; variant_id: number; product_id: number }
  | { reason: 'INSUFFICIENT_STOCK'; variant_id: number; requested: number; in_stock: number };

export function stockLineViolations(lines: StockLine[]): FieldViolations {
  const violations: FieldViolations = {};
  if (lines.length === 0) add(violations, 'lines', 'must have at least one line');
  const seen = new Set<number>();
  for (const line of lines) {
    if (!Number.isSafeInteger(line.variant_id) || line.variant_id <= 0) add(violations, 'lines.variant_id', 'must be a variant id');
    if (!Number.isSafeInteger(line.quantity) || line.quantity < 1) add(violations, 'lines.quantity', 'must be at least 1');
    if (seen.has(line.variant_id)) add(violations, 'lines.variant_id', `lists variant ${line.variant_id} more than once`);
    seen.add(line.variant_id);
  }
  return violations;
}

/** Takes every line's quantity from the product's variants, or refuses the first line that cannot be had (taking nothing). */
export function takeStock(product: ProductRecord, lines: StockLine[]): { product: ProductRecord } | { refusal: StockRefusal } {
  for (const line of lines) {
    const variant = findLiveVariant(product, line.variant_id);
    if (!variant) return { refusal: { reason: 'NOT_FOUND', variant_id: line.variant_id } };
    if (!isPurchasable(product)) return { refusal: { reason: 'NOT_PURCHASABLE', variant_id: line.variant_id, product_id: product.id } };
    if (variant.in_stock < line.quantity) {
      return { refusal: { reason: 'INSUFFICIENT_STOCK', variant_id: line.variant_id, requested: line.quantity, in_stock: variant.in_stock } };
    }
  }
  return { product: adjustStock(product, lines, -1) };
}

/** Puts the lines back (a release or a compensation); variants deleted meanwhile get their units back too. */
export function putBackStock(product: ProductRecord, lines: StockLine[]): ProductRecord {
  return adjustStock(product, lines, 1);
}

function adjustStock(product: ProductRecord, lines: StockLine[], direction: 1 | -1): ProductRecord {
  const byVariant = new Map(lines.map((line) => [line.variant_id, line.quantity]));
  const variants = product.variants.map((variant) => {
    const quantity = byVariant.get(variant.id);
    if (quantity === undefined) return variant;
    return { ...variant, in_stock: variant.in_stock + direction * quantity, sold: Math.max(0, variant.sold - direction * quantity) };
  });
  return { ...product, variants };
}
