import type { catalog } from '@commerce/contracts';
import { notFound, validationFailed } from '@commerce/grpc-runtime';
import type { Filter } from '@commerce/persistence';
import { pageOf, PRODUCTS_PER_PAGE } from '../domain/paging';
import { normalizeStatus } from '../domain/product-input';
import type { ProductDocument } from '../infra/product.repository';
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
 * One page of live products in id order. The query shape is always the store's live products, an
 * equality per filter, then one range (id, or updated_at when asked) — the shapes the indexes serve —
 * and the cost is a constant number of queries: the page, its count, the max id and the page's collections.
 */
export async function listProducts(deps: CatalogDeps, storeId: number, request: catalog.ListProductsRequest): Promise<ProductPage> {
  const filter = await productFilter(deps, storeId, request);
  const { page, limit, skip } = pageOf(request.page, request.limit, PRODUCTS_PER_PAGE);
  const [products, total, [highest]] = await Promise.all([
    deps.products.find(filter, { sort: { id: request.descending ? -1 : 1 }, skip, limit }),
    deps.products.count(filter),
    deps.products.find(filter, { sort: { id: -1 }, limit: 1 }),
  ]);
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
    currentMaxId: highest?.id ?? 0,
  };
}

async function productFilter(deps: CatalogDeps, storeId: number, request: catalog.ListProductsRequest): Promise<Filter> {
  const filter: Filter = { store_id: storeId, deleted: false };
  if (request.status) {
    const status = normalizeStatus(request.status);
    if (!status) throw validationFailed({ status: ['must be one of: active, hidden, coming soon'] });
    filter.status = status;
  }
  if (request.shipping_group_id) filter.shipping_group_id = request.shipping_group_id;

  const ids: Record<string, unknown> = {};
  if (request.newer_than_id > 0) ids.$gt = request.newer_than_id;
  if (request.older_than_id > 0) ids.$lt = request.older_than_id;
  if (request.collection_id) {
    const collection = await deps.collections.findLive(storeId, request.collection_id);
    if (!collection) throw notFound('collection');
    ids.$in = collection.product_ids;
  }
  if (Object.keys(ids).length > 0) filter.id = ids;

  const updatedAt: Record<string, Date> = {};
  if (request.updated_at_min) updatedAt.$gte = request.updated_at_min;
  if (request.updated_at_max) updatedAt.$lte = request.updated_at_max;
  if (Object.keys(updatedAt).length > 0) filter.updated_at = updatedAt;
  return filter;
}
