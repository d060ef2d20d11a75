import type { catalog } from '@commerce/contracts';
import { validationFailed } from '@commerce/grpc-runtime';
import { lowStockThresholdViolations } from '../domain/low-stock';
import { LOW_STOCK_VARIANTS_PER_PAGE, pageOf } from '../domain/paging';
import { findLiveVariant, type ProductRecord, type VariantRecord } from '../domain/product';
import { hasViolations } from '../domain/product-input';
import type { CatalogDeps } from './catalog-deps';

export interface LowStockPage {
  variants: { variant: VariantRecord; product: ProductRecord }[];
  total: number;
  page: number;
  limit: number;
}

/**
 * One page of the store's live variants with at most `in_stock_max` units, lowest first (docs/catalog.md#low-stock-variants):
 * the page of rows from the stock projection (one indexed range with its count), then their products in one read. Each
 * variant is shown as its product holds it now; one whose stock rose past the threshold, or that was deleted, in the
 * moment the projection is behind its events is left out of the page rather than shown out of place.
 */
export async function listLowStockVariants(
  deps: Pick<CatalogDeps, 'products' | 'variantStock'>,
  storeId: number,
  request: catalog.ListLowStockVariantsRequest,
): Promise<LowStockPage> {
  const violations = lowStockThresholdViolations(request.in_stock_max);
  if (hasViolations(violations)) throw validationFailed(violations);
  const inStockMax = request.in_stock_max!;
  const { page, limit, skip } = pageOf(request.page, request.limit, LOW_STOCK_VARIANTS_PER_PAGE);
  const { rows, total } = await deps.variantStock.lowest(storeId, inStockMax, { skip, limit });
  const productIds = [...new Set(rows.map((row) => row.product_id))];
  const products = new Map(
    (await deps.products.findByIds(storeId, productIds, { includeDeleted: false })).map((product) => [product.id, product]),
  );
  const variants = rows.flatMap((row) => {
    const product = products.get(row.product_id);
    const variant = product && findLiveVariant(product, row.id);
    return product && variant && variant.in_stock <= inStockMax ? [{ variant, product }] : [];
  });
  return { variants, total, page, limit };
}
