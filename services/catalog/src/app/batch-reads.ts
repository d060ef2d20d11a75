import type { catalog } from '@commerce/contracts';
import type { VariantRecord } from '../domain/product';
import type { ProductDocument } from '../infra/product.repository';
import type { CatalogDeps } from './catalog-deps';
import { collectionIdsByProduct } from './product-writer';

const MAX_IDS = 1_000;

/** For other contexts (orders): the found products in the order asked, unknown ids left out. */
export async function productsByIds(
  deps: Pick<CatalogDeps, 'products' | 'collections'>,
  storeId: number,
  request: Pick<catalog.GetProductsByIdsRequest, 'product_ids' | 'include_deleted'>,
): Promise<{ product: ProductDocument; collectionIds: number[] }[]> {
  const ids = [...new Set(request.product_ids)].slice(0, MAX_IDS);
  const found = new Map(
    (await deps.products.findByIds(storeId, ids, { includeDeleted: request.include_deleted })).map((product) => [product.id, product]),
  );
  const collections = await collectionIdsByProduct(deps, storeId, [...found.keys()]);
  return ids.flatMap((id) => {
    const product = found.get(id);
    return product ? [{ product, collectionIds: collections.get(id) ?? [] }] : [];
  });
}

/** The found variants in the order asked; deleted ones (or of a deleted product) only with include_deleted. */
export async function variantsByIds(
  deps: Pick<CatalogDeps, 'products' | 'variantRefs'>,
  storeId: number,
  request: Pick<catalog.GetVariantsByIdsRequest, 'variant_ids' | 'include_deleted'>,
): Promise<{ variant: VariantRecord; product: ProductDocument }[]> {
  const ids = [...new Set(request.variant_ids)].slice(0, MAX_IDS);
  const productOf = await deps.variantRefs.productsOf(storeId, ids);
  const products = await deps.products.findByIds(storeId, [...new Set(productOf.values())], { includeDeleted: true });
  const byId = new Map(products.map((product) => [product.id, product]));
  return ids.flatMap((id) => {
    const product = byId.get(productOf.get(id) ?? 0);
    const variant = product?.variants.find((candidate) => candidate.id === id);
    if (!product || !variant) return [];
    if (!request.include_deleted && (product.deleted || variant.deleted)) return [];
    return [{ variant, product }];
  });
}

/** For shipping: the live products of a group, ascending (a group in use cannot be deleted). */
export async function productsInShippingGroup(deps: Pick<CatalogDeps, 'products'>, storeId: number, groupId: number): Promise<number[]> {
  if (groupId <= 0) return [];
  const products = await deps.products.inShippingGroup(storeId, groupId);
  return products.map((product) => product.id);
}
