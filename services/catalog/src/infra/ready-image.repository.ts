import type { Collection } from '@commerce/persistence';
import type { ReadyImage } from '../domain/photos';

/** Catalog's projection of media's ready images (image/ready): what a photo referring to one shows. */
export interface ReadyImageDocument extends ReadyImage {
  [key: string]: unknown;
  store_id: number;
}

/**
 * Kept so a photo written just after its image became ready still shows it: image/ready may be handled before the
 * product write that refers to the image commits (app/media-image-events.ts).
 */
export class ReadyImageRepository {
  static readonly collection = 'ready_images';

  constructor(private readonly images: Collection<ReadyImageDocument>) {}

  async save(storeId: number, image: ReadyImage): Promise<void> {
    const { image_id, media_key, width, height } = image;
    await this.images.updateOne({ store_id: storeId, image_id }, { $set: { media_key, width, height } }, { upsert: true });
  }

  async find(storeId: number, imageIds: number[]): Promise<ReadyImage[]> {
    if (imageIds.length === 0) return [];
    const found = await this.images.find({ store_id: storeId, image_id: { $in: imageIds } });
    return found.map(({ image_id, media_key, width, height }) => ({ image_id, media_key, width, height }));
  }
}
