import type { Migration } from '@commerce/service-host';
import type { PhotoRecord } from '../domain/photos';
import { ProductRepository, type ProductDocument } from './product.repository';

const BATCH = 200;

/**
 * Photos were URLs (`photo_urls`); they are records with ids now (docs/catalog.md#photos). Each product kept from before
 * gets its photos, each with an id of the photos counter and no image (it shows its URL, as it did), in one update that
 * also drops the old field, so a run a crash interrupted goes on with the products still holding it.
 */
export const givePhotosIds: Migration = {
  id: 1,
  name: 'make products photo URLs photos with ids',
  async run(db) {
    const products = db.collection<ProductDocument>(ProductRepository.collection);
    for (;;) {
      const batch = await products.findFields({ photo_urls: { $exists: true } }, ['store_id', 'id', 'rev', 'photo_urls'], { limit: BATCH });
      if (batch.length === 0) return;
      for (const product of batch) {
        const urls = (product.photo_urls as string[] | undefined) ?? [];
        const photos: PhotoRecord[] = [];
        for (const url of urls) photos.push({ id: await db.nextId('photos'), url, image_id: 0, media_key: '', width: 0, height: 0 });
        await products.updateOne(
          { store_id: product.store_id, id: product.id },
          { $set: { photos }, $unset: { photo_urls: '' }, $inc: { rev: 1 } },
        );
      }
    }
  },
};

/** The service's migrations, in the order they were added; never renumber one that shipped. */
export const CATALOG_MIGRATIONS: readonly Migration[] = [givePhotosIds];
