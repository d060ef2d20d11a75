import { requireStoreId, validationFailed } from '@commerce/grpc-runtime';
import { productsByIds, productsInShippingGroup, variantsByIds } from '../app/batch-reads';
import { toProductMessage, toVariantMessage } from '../app/catalog-message';
import type { CatalogDeps } from '../app/catalog-deps';
import { priceLines } from '../app/price-lines';
import { releaseStock } from '../app/release-stock';
import { reserveStock } from '../app/reserve-stock';
import { restockLines } from '../app/restock-lines';
import { restoreShippingGroup } from '../app/restore-shipping-group';
import { retireShippingGroup } from '../app/retire-shipping-group';
import type { HandlersOf } from './handler-types';

type OtherContextRpc =
  | 'getProductsByIds'
  | 'getVariantsByIds'
  | 'countProductsInShippingGroup'
  | 'retireShippingGroup'
  | 'restoreShippingGroup'
  | 'reserveStock'
  | 'releaseStock'
  | 'priceLines'
  | 'restockLines';

/** The RPCs other contexts call (orders, shipping). Thin: request → use case → response. */
export function otherContextHandlers(deps: CatalogDeps): HandlersOf<OtherContextRpc> {
  return {
    getProductsByIds: async (request) => {
      const storeId = requireStoreId(request.store_id);
      const found = await productsByIds(deps, storeId, request);
      return {
        products: found.map(({ product, collectionIds }) => toProductMessage(product, collectionIds)),
        store_context: await deps.storeContexts.of(storeId),
      };
    },
    getVariantsByIds: async (request) => {
      const storeId = requireStoreId(request.store_id);
      const found = await variantsByIds(deps, storeId, request);
      return {
        variants: found.map(({ variant, product }) => toVariantMessage(variant, product)),
        store_context: await deps.storeContexts.of(storeId),
      };
    },
    countProductsInShippingGroup: async (request) => {
      const productIds = await productsInShippingGroup(deps, requireStoreId(request.store_id), request.shipping_group_id);
      return { count: productIds.length, product_ids: productIds };
    },
    retireShippingGroup: async (request) => {
      const answer = await retireShippingGroup(
        deps,
        requireStoreId(request.store_id),
        request.shipping_group_id,
        requireToken(request.retirement_token),
      );
      return answer.retired
        ? { retired: true, product_count: 0, product_ids: [], held_for_ms: answer.heldForMs }
        : { retired: false, product_count: answer.productIds.length, product_ids: answer.productIds, held_for_ms: 0 };
    },
    restoreShippingGroup: async (request) => ({
      restored: await restoreShippingGroup(
        deps,
        requireStoreId(request.store_id),
        request.shipping_group_id,
        requireToken(request.retirement_token),
      ),
    }),
    reserveStock: async (request) => ({
      lines: await reserveStock(deps, requireStoreId(request.store_id), request.order_key, request.lines),
    }),
    releaseStock: async (request) => ({ released: await releaseStock(deps, requireStoreId(request.store_id), request.order_key) }),
    priceLines: async (request) => ({ lines: await priceLines(deps, requireStoreId(request.store_id), request.lines) }),
    restockLines: async (request) => ({
      restocked: await restockLines(deps, requireStoreId(request.store_id), request.restock_key, request.lines),
    }),
  };
}

function requireToken(token: string): string {
  if (!token) throw validationFailed({ retirement_token: ['is required'] });
  return token;
}
