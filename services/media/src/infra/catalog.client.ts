import type { catalog } from '@commerce/contracts';
import type { ServiceClient } from '@commerce/grpc-runtime';
import type { CatalogPort } from '../app/media-deps';

type CatalogRpc = Pick<ServiceClient<catalog.CatalogServiceClient>, 'imagesInUse'>;

/** CatalogService.ImagesInUse behind the port the orphan sweep asks; MEDIA_BACKEND_DEADLINE_MS is the client's deadline. */
export class CatalogClient implements CatalogPort {
  constructor(private readonly catalog: CatalogRpc) {}

  async imagesInUse(storeId: number, imageIds: number[]): Promise<number[]> {
    return (await this.catalog.imagesInUse({ store_id: storeId, image_ids: imageIds })).image_ids;
  }
}
