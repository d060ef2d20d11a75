import type { media } from '@commerce/contracts';
import { requireStoreId, type ServiceHandlers } from '@commerce/grpc-runtime';
import { getRendition } from '../app/get-rendition';
import { importImage } from '../app/import-image';
import type { MediaDeps } from '../app/media-deps';
import { releaseImages } from '../app/release-images';
import { storeImage } from '../app/store-image';
import { imageJson, type ImageRecord } from '../domain/image';

/** Thin: request → use case → response. */
export function mediaHandlers(deps: MediaDeps): ServiceHandlers<typeof media.MediaServiceService> {
  return {
    storeImage: async (request) => ({
      image: imageMessage(await storeImage(deps, requireStoreId(request.store_id), Buffer.from(request.data))),
    }),
    importImage: async (request) => ({ image: imageMessage(await importImage(deps, requireStoreId(request.store_id), request.url)) }),
    getImages: async (request) => ({
      images: (await deps.images.find(requireStoreId(request.store_id), request.image_ids)).map(imageMessage),
    }),
    releaseImages: async (request) => ({ released: await releaseImages(deps, requireStoreId(request.store_id), request.image_ids) }),
    getRendition: async (request) => {
      const rendition = await getRendition(deps, request.key, request.size, request.format);
      return {
        data: Buffer.from(rendition.data),
        content_type: rendition.contentType,
        digest: rendition.digest,
        width: rendition.width,
        height: rendition.height,
      };
    },
    getUsage: async (request) => {
      const usage = await deps.usage.of(requireStoreId(request.store_id));
      return { used_bytes: usage.used_bytes, quota_bytes: deps.quotaBytes, images: usage.images };
    },
  };
}

/** The image as the contract answers it: its JSON (the events' shape), with the creation time as a Timestamp. */
function imageMessage(image: ImageRecord): media.Image {
  return { ...imageJson(image), created_at: image.created_at };
}
