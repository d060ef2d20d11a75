// The products list's `q` (docs/catalog.md#products): text contained in a product's name or a live variant's SKU.

import type { FieldViolations } from '@commerce/grpc-runtime';
import { liveVariants, type ProductRecord } from './product';

/** As long as a name or a SKU may be: a longer text could match neither. */
export const MAX_SEARCH_LENGTH = 255;

/** Case is folded once, the same way for what is stored and what is asked (JavaScript's Unicode lowercase). */
const folded = (text: string): string => text.toLowerCase();

/**
 * What `q` searches, kept on the product (`search_text`) so both engines compare one stored string: the name and each live
 * variant's SKU, lowercased, one a line. A line break in `q` could join a name to a SKU, so `q` never holds one (searchTermOf).
 */
export function searchTextOf(product: Pick<ProductRecord, 'name' | 'variants'>): string {
  const skus = liveVariants(product).flatMap((variant) => (variant.sku ? [variant.sku] : []));
  return [product.name, ...skus].map(folded).join('\n');
}

/** The text to look for, or undefined for none (absent or blank); trimmed, lowercased, each line break a space. */
export function searchTermOf(q: string): string | undefined {
  const term = q.trim();
  return term === '' ? undefined : folded(term.replace(/[\r\n]+/g, ' '));
}

export function searchViolations(q: string): FieldViolations {
  return q.trim().length > MAX_SEARCH_LENGTH ? { q: [`is too long (maximum is ${MAX_SEARCH_LENGTH} characters)`] } : {};
}
