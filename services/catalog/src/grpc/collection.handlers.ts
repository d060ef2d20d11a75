import { requireStoreId } from '@commerce/grpc-runtime';
import { toCollectionMessage } from '../app/catalog-message';
import type { CatalogDeps } from '../app/catalog-deps';
import type { ShownCollection } from '../app/collection-checks';
import { createCollection } from '../app/create-collection';
import { deleteCollection } from '../app/delete-collection';
import { getCollection } from '../app/get-collection';
import { listCollections } from '../app/list-collections';
import { placeCollectionProduct } from '../app/place-collection-product';
import { removeCollectionProduct } from '../app/remove-collection-product';
import { updateCollection } from '../app/update-collection';
import type { HandlersOf } from './handler-types';

type CollectionRpc =
  | 'listCollections'
  | 'getCollection'
  | 'createCollection'
  | 'updateCollection'
  | 'deleteCollection'
  | 'placeCollectionProduct'
  | 'removeCollectionProduct';

const render = ({ collection, liveIds }: ShownCollection) => toCollectionMessage(collection, liveIds);

/** Thin: request → use case → response with the store context. */
export function collectionHandlers(deps: CatalogDeps): HandlersOf<CollectionRpc> {
  const answer = async (storeId: number, shown: ShownCollection) => ({
    collection: render(shown),
    store_context: await deps.storeContexts.of(storeId),
  });
  return {
    listCollections: async (request) => {
      const storeId = requireStoreId(request.store_id);
      const page = await listCollections(deps, storeId, request);
      return {
        collections: page.collections.map(render),
        total: page.total,
        page: page.page,
        limit: page.limit,
        store_context: await deps.storeContexts.of(storeId),
      };
    },
    getCollection: async (request) => {
      const storeId = requireStoreId(request.store_id);
      return answer(storeId, await getCollection(deps, storeId, request.collection_id));
    },
    createCollection: async (request) => {
      const storeId = requireStoreId(request.store_id);
      return answer(storeId, await createCollection(deps, storeId, request));
    },
    updateCollection: async (request) => {
      const storeId = requireStoreId(request.store_id);
      return answer(storeId, await updateCollection(deps, storeId, request));
    },
    deleteCollection: async (request) => {
      const storeId = requireStoreId(request.store_id);
      return answer(storeId, await deleteCollection(deps, storeId, request.collection_id));
    },
    placeCollectionProduct: async (request) => {
      const storeId = requireStoreId(request.store_id);
      return answer(storeId, await placeCollectionProduct(deps, storeId, request));
    },
    removeCollectionProduct: async (request) => {
      const storeId = requireStoreId(request.store_id);
      return answer(storeId, await removeCollectionProduct(deps, storeId, request));
    },
  };
}
