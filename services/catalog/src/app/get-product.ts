import { notFound } from '@commerce/grpc-runtime';
import type { ProductDocument } from '../infra/product.repository';
import type { CatalogDeps } from './catalog-deps';
import { collectionIdsOf, type WrittenProduct } from './product-writer';

export async function findLiveProduct(deps: Pick<CatalogDeps, 'products'>, storeId: number, productId: number): Promise<ProductDocument> {
  const product = await deps.products.findLive(storeId, productId);
  if (!product) throw notFound('product');
  return product;
}

export async function getProduct(
  deps: Pick<CatalogDeps, 'products' | 'collections'>,
  storeId: number,
  productId: number,
): Promise<WrittenProduct> {
  const product = await findLiveProduct(deps, storeId, productId);
  return { product, collectionIds: await collectionIdsOf(deps, storeId, productId) };
}
