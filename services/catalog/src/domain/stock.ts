import type { FieldViolations } from '@commerce/grpc-runtime';
import { add } from './product-input';
import { findLiveVariant, isPurchasable, type ProductRecord } from './product';

export interface StockLine {
  variant_id: number;
  quantity: number;
}

/** A line its variant has fewer units for than requested. */
export interface ShortLine {
  variant_id: number;
  requested: number;
  in_stock: number;
}

/**
 * Why a line cannot be reserved, as ReserveStock reports it. A short line names the first one found short;
 * `also_short` the product's later lines that are short too (absent when there are none).
 */
export type StockRefusal =
  | { reason: 'NOT_FOUND'; variant_id: number }
  | { reason: 'NOT_PURCHASABLE'; variant_id: number; product_id: number }
  | ({ reason: 'INSUFFICIENT_STOCK'; also_short?: ShortLine[] } & ShortLine);

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

/**
 * Takes every line's quantity from the product's variants, or refuses the first line that cannot be had (taking
 * nothing). A short line's refusal also names every later line of the product that is short, so the buyer
 * hears of all of them at once.
 */
export function takeStock(product: ProductRecord, lines: StockLine[]): { product: ProductRecord } | { refusal: StockRefusal } {
  for (const [index, line] of lines.entries()) {
    const variant = findLiveVariant(product, line.variant_id);
    if (!variant) return { refusal: { reason: 'NOT_FOUND', variant_id: line.variant_id } };
    if (!isPurchasable(product)) return { refusal: { reason: 'NOT_PURCHASABLE', variant_id: line.variant_id, product_id: product.id } };
    if (variant.in_stock < line.quantity) {
      const alsoShort = shortLines(product, lines.slice(index + 1));
      const first = { variant_id: line.variant_id, requested: line.quantity, in_stock: variant.in_stock };
      return { refusal: { reason: 'INSUFFICIENT_STOCK', ...first, ...(alsoShort.length > 0 ? { also_short: alsoShort } : {}) } };
    }
  }
  return { product: adjustStock(product, lines, -1) };
}

/**
 * The lines whose live variant has fewer units than requested, in the order given; reads only. A variant the product
 * lacks is not short.
 */
export function shortLines(product: ProductRecord, lines: StockLine[]): ShortLine[] {
  return lines.flatMap((line) => {
    const variant = findLiveVariant(product, line.variant_id);
    return variant && variant.in_stock < line.quantity
      ? [{ variant_id: line.variant_id, requested: line.quantity, in_stock: variant.in_stock }]
      : [];
  });
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
