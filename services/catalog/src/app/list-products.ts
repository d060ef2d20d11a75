import type { catalog } from '@commerce/contracts';
import { notFound, validationFailed } from '@commerce/grpc-runtime';
import { pageOf, PRODUCTS_PER_PAGE } from '../domain/paging';
import { hasViolations, normalizeStatus } from '../domain/product-input';
import { searchTermOf, searchViolations } from '../domain/product-search';
import type { ProductDocument, ProductQuery } from '../infra/product.repository';
import type { CatalogDeps } from './catalog-deps';
import { collectionIdsByProduct } from './product-writer';

export interface ProductPage {
  products: { product: ProductDocument; collectionIds: number[] }[];
  total: number;
  page: number;
  limit: number;
  currentMaxId: number;
}

/**
 * One page of live products in id order, at a constant number of queries: the page, its count, the max id
 * and the page's collections.
 */
export async function listProducts(
  deps: Pick<CatalogDeps, 'products' | 'collections'>,
  storeId: number,
  request: catalog.ListProductsRequest,
): Promise<ProductPage> {
  const query = await productQuery(deps, storeId, request);
  const { page, limit, skip } = pageOf(request.page, request.limit, PRODUCTS_PER_PAGE);
  const { products, total, maxId } = await deps.products.page(query, { skip, limit, descending: request.descending });
  const collections = await collectionIdsByProduct(
    deps,
    storeId,
    products.map((product) => product.id),
  );
  return {
    products: products.map((product) => ({ product, collectionIds: collections.get(product.id) ?? [] })),
    total,
    page,
    limit,
    currentMaxId: maxId,
  };
}

async function productQuery(
  deps: Pick<CatalogDeps, 'collections'>,
  storeId: number,
  request: catalog.ListProductsRequest,
): Promise<ProductQuery> {
  const query: ProductQuery = { storeId, updatedAtMin: request.updated_at_min, updatedAtMax: request.updated_at_max };
  const tooLong = searchViolations(request.q);
  if (hasViolations(tooLong)) throw validationFailed(tooLong);
  query.text = searchTermOf(request.q);
  if (request.status) {
    const status = normalizeStatus(request.status);
    if (!status) throw validationFailed({ status: ['must be one of: active, hidden, coming soon'] });
    query.status = status;
  }
  if (request.shipping_group_id) query.shippingGroupId = request.shipping_group_id;
  if (request.newer_than_id > 0) query.newerThanId = request.newer_than_id;
  if (request.older_than_id > 0) query.olderThanId = request.older_than_id;
  if (request.collection_id) {
    const collection = await deps.collections.findLive(storeId, request.collection_id);
    if (!collection) throw notFound('collection');
    query.ids = collection.product_ids;
  }
  return query;
}
