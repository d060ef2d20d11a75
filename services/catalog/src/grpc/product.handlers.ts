import { requireStoreId } from '@commerce/grpc-runtime';
import { toProductMessage } from '../app/catalog-message';
import type { CatalogDeps } from '../app/catalog-deps';
import { createProduct } from '../app/create-product';
import { deleteProduct } from '../app/delete-product';
import { getProduct } from '../app/get-product';
import { listProducts } from '../app/list-products';
import type { WrittenProduct } from '../app/product-writer';
import { updateProduct } from '../app/update-product';
import type { HandlersOf } from './handler-types';

type ProductRpc = 'listProducts' | 'getProduct' | 'createProduct' | 'updateProduct' | 'deleteProduct';

/** Thin: request → use case → response with the store context. */
export function productHandlers(deps: CatalogDeps): HandlersOf<ProductRpc> {
  const answer = async (storeId: number, written: WrittenProduct) => ({
    product: toProductMessage(written.product, written.collectionIds),
    store_context: written.context ?? (await deps.storeContexts.of(storeId)),
  });
  return {
    listProducts: async (request) => {
      const storeId = requireStoreId(request.store_id);
      const page = await listProducts(deps, storeId, request);
      return {
        products: page.products.map(({ product, collectionIds }) => toProductMessage(product, collectionIds)),
        total: page.total,
        page: page.page,
        limit: page.limit,
        current_max_id: page.currentMaxId,
        store_context: await deps.storeContexts.of(storeId),
      };
    },
    getProduct: async (request) => {
      const storeId = requireStoreId(request.store_id);
      return answer(storeId, await getProduct(deps, storeId, request.product_id));
    },
    createProduct: async (request) => {
      const storeId = requireStoreId(request.store_id);
      return answer(storeId, await createProduct(deps, storeId, request));
    },
    updateProduct: async (request) => {
      const storeId = requireStoreId(request.store_id);
      return answer(storeId, await updateProduct(deps, storeId, request));
    },
    deleteProduct: async (request) => {
      const storeId = requireStoreId(request.store_id);
      return answer(storeId, await deleteProduct(deps, storeId, request.product_id));
    },
  };
}
