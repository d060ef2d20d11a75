import type { media } from '@commerce/contracts';
import type { ServiceClient } from '@commerce/grpc-runtime';
import type { MediaPort } from '../app/catalog-deps';

type MediaRpc = Pick<ServiceClient<media.MediaServiceClient>, 'importImage'>;

/** The media port over media's gRPC client, whose deadline (CATALOG_MEDIA_DEADLINE_MS) bounds how long a product write waits. */
export class MediaClient implements MediaPort {
  constructor(private readonly media: MediaRpc) {}

  async importImage(storeId: number, url: string): Promise<number> {
    const { image } = await this.media.importImage({ store_id: storeId, url });
    if (!image?.id) throw new Error('media answered ImportImage without an image');
    return image.id;
  }
}
