import { requireStoreId } from '@commerce/grpc-runtime';
import { toPhotoMessage, toProductMessage } from '../app/catalog-message';
import type { CatalogDeps } from '../app/catalog-deps';
import { addPhoto, deletePhoto, imagesInUse, updatePhoto, type WrittenPhoto } from '../app/product-photos';
import type { HandlersOf } from './handler-types';

type PhotoRpc = 'addPhoto' | 'updatePhoto' | 'deletePhoto' | 'imagesInUse';

/** Thin: request → use case → the product after the change, the photo and the store context. */
export function photoHandlers(deps: CatalogDeps): HandlersOf<PhotoRpc> {
  const answer = async (storeId: number, written: WrittenPhoto) => ({
    product: toProductMessage(written.product, written.collectionIds),
    photo: toPhotoMessage(written.photo),
    store_context: written.context ?? (await deps.storeContexts.of(storeId)),
  });
  return {
    addPhoto: async (request) => {
      const storeId = requireStoreId(request.store_id);
      return answer(storeId, await addPhoto(deps, storeId, request));
    },
    updatePhoto: async (request) => {
      const storeId = requireStoreId(request.store_id);
      return answer(storeId, await updatePhoto(deps, storeId, request));
    },
    deletePhoto: async (request) => {
      const storeId = requireStoreId(request.store_id);
      return answer(storeId, await deletePhoto(deps, storeId, request));
    },
    imagesInUse: async (request) => {
      const storeId = requireStoreId(request.store_id);
      return { image_ids: await imagesInUse(deps, storeId, request.image_ids) };
    },
  };
}
