import type { catalog } from '@commerce/contracts';
import { DomainError, validationFailed } from '@commerce/grpc-runtime';
import { hasViolations } from '../domain/product-input';
import { takeStock, stockLineViolations, type ShortLine, type StockLine } from '../domain/stock';
import type { ProductDocument } from '../infra/product.repository';
import type { CatalogDeps } from './catalog-deps';
import { collectionIdsByProduct } from './product-writer';
import { insufficientStock, refusalError, reservedLines } from './stock-moves';

/**
 * The checkout quote's lines (docs/orders.md#the-quote): priced as ReserveStock prices them, refused as it refuses them
 * (an unknown variant, a product not for sale, every short line at once), but read only: nothing is taken, so the
 * stock a quote saw may be gone when the buyer places the order.
 */
export async function priceLines(
  deps: Pick<CatalogDeps, 'products' | 'collections' | 'variantRefs'>,
  storeId: number,
  lines: StockLine[],
): Promise<catalog.ReservedLine[]> {
  const violations = stockLineViolations(lines);
  if (hasViolations(violations)) throw validationFailed(violations);

  const productOf = await deps.variantRefs.productsOf(
    storeId,
    lines.map((line) => line.variant_id),
  );
  const unknown = lines.find((line) => !productOf.has(line.variant_id));
  if (unknown)
    throw new DomainError('NOT_FOUND', 'variant not found', { metadata: { resource: 'variant', variant_id: String(unknown.variant_id) } });

  const withProducts = lines.map((line) => ({ ...line, product_id: productOf.get(line.variant_id)! }));
  const productIds = [...new Set(withProducts.map((line) => line.product_id))];
  const products = new Map<number, ProductDocument>();
  const short: ShortLine[] = [];
  for (const productId of productIds) {
    const product = await deps.products.findOne(storeId, productId);
    if (!product) throw new DomainError('NOT_FOUND', 'variant not found', { metadata: { resource: 'variant' } });
    const asked = withProducts.filter((line) => line.product_id === productId);
    const taken = takeStock(product, asked);
    if ('refusal' in taken) {
      if (taken.refusal.reason !== 'INSUFFICIENT_STOCK') throw refusalError(taken.refusal);
      const { variant_id, requested, in_stock } = taken.refusal;
      short.push({ variant_id, requested, in_stock }, ...(taken.refusal.also_short ?? []));
    }
    products.set(productId, product);
  }
  if (short.length > 0) {
    const position = new Map(lines.map((line, index) => [line.variant_id, index]));
    throw insufficientStock(short.sort((a, b) => position.get(a.variant_id)! - position.get(b.variant_id)!));
  }
  return reservedLines({ lines: withProducts }, products, await collectionIdsByProduct(deps, storeId, productIds));
}
