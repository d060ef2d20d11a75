import { requireStoreId } from '@commerce/grpc-runtime';
import { toVariantMessage } from '../app/catalog-message';
import type { CatalogDeps } from '../app/catalog-deps';
import { createVariant } from '../app/create-variant';
import { deleteVariant } from '../app/delete-variant';
import { getVariant } from '../app/get-variant';
import { listLowStockVariants } from '../app/list-low-stock-variants';
import { updateVariant } from '../app/update-variant';
import type { ShownVariant } from '../app/variant-checks';
import type { HandlersOf } from './handler-types';

type VariantRpc = 'createVariant' | 'getVariant' | 'updateVariant' | 'deleteVariant' | 'listLowStockVariants';

/** Thin: request → use case → response with the store context. */
export function variantHandlers(deps: CatalogDeps): HandlersOf<VariantRpc> {
  const answer = async (storeId: number, shown: ShownVariant) => ({
    variant: toVariantMessage(shown.variant, shown.product),
    store_context: await deps.storeContexts.of(storeId),
  });
  return {
    createVariant: async (request) => {
      const storeId = requireStoreId(request.store_id);
      return answer(storeId, await createVariant(deps, storeId, request));
    },
    getVariant: async (request) => {
      const storeId = requireStoreId(request.store_id);
      return answer(storeId, await getVariant(deps, storeId, request.product_id, request.variant_id));
    },
    updateVariant: async (request) => {
      const storeId = requireStoreId(request.store_id);
      return answer(storeId, await updateVariant(deps, storeId, request));
    },
    deleteVariant: async (request) => {
      const storeId = requireStoreId(request.store_id);
      return answer(storeId, await deleteVariant(deps, storeId, request.product_id, request.variant_id));
    },
    listLowStockVariants: async (request) => {
      const storeId = requireStoreId(request.store_id);
      const page = await listLowStockVariants(deps, storeId, request);
      return {
        variants: page.variants.map(({ variant, product }) => ({
          variant: toVariantMessage(variant, product),
          product_name: product.name,
        })),
        total: page.total,
        page: page.page,
        limit: page.limit,
        store_context: await deps.storeContexts.of(storeId),
      };
    },
  };
}
