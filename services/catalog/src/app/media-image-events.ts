import type { catalog } from '@commerce/contracts';
import { isEventOf, type DomainEvent } from '@commerce/events';
import { isNotFound } from '@commerce/grpc-runtime';
import { withReadyImage, type PhotoRecord, type ReadyImage } from '../domain/photos';
import type { CatalogDeps } from './catalog-deps';
import { writeProduct, type WrittenProduct } from './product-writer';

type ImageDeps = Pick<CatalogDeps, 'products' | 'collections' | 'readyImages' | 'storeContexts' | 'clock' | 'queue' | 'mediaOrigin'>;

/**
 * Shows a hosted image on the photos that refer to it once media says it is ready (image/ready): each live product of
 * the store whose photos do gets the key and size, with product/updated. image/failed changes nothing: the photo keeps
 * showing the URL it was given by. A repeated or late event finds the photos showing the image already and writes
 * nothing; the image is kept in the ready-images projection first, so a photo written a moment later still gets it
 * (showImagesReadyMeanwhile).
 */
export async function applyMediaImageEvent(deps: ImageDeps, event: DomainEvent): Promise<void> {
  if (!isEventOf(event, ['image/ready'])) return;
  const image = event.resource;
  const ready: ReadyImage = { image_id: image.id, media_key: image.key, width: image.width, height: image.height };
  if (image.status !== 'ready' || !ready.media_key || !(ready.image_id > 0)) return;
  await deps.readyImages.save(event.store_id, ready);
  const products = await deps.products.withImage(event.store_id, ready.image_id);
  if (products.length === 0) return;
  const context = await deps.storeContexts.of(event.store_id);
  for (const { id } of products) await showReadyImages(deps, event.store_id, id, context, [ready]);
}

/**
 * After a product write that gave photos new images: those media made ready before the write committed (their
 * image/ready found no photo yet) are shown now. Answers the product as written then, or `written` when none was.
 */
export async function showImagesReadyMeanwhile(
  deps: Omit<ImageDeps, 'storeContexts'>,
  storeId: number,
  written: WrittenProduct & { context: catalog.StoreContext },
): Promise<WrittenProduct> {
  const photos = written.product.photos;
  const imageIds = photos.filter((photo) => photo.image_id > 0 && photo.media_key === '').map((photo) => photo.image_id);
  if (imageIds.length === 0) return written;
  const ready = await deps.readyImages.find(storeId, imageIds);
  if (ready.length === 0) return written;
  return (await showReadyImages(deps, storeId, written.product.id, written.context, ready)) ?? written;
}

async function showReadyImages(
  deps: Omit<ImageDeps, 'storeContexts' | 'readyImages'>,
  storeId: number,
  productId: number,
  context: catalog.StoreContext,
  images: readonly ReadyImage[],
): Promise<WrittenProduct | null> {
  return writeProduct(deps, storeId, productId, context, (product) => {
    let photos: PhotoRecord[] | null = null;
    for (const image of images) photos = withReadyImage(photos ?? product.photos, image) ?? photos;
    return photos ? { next: { ...product, photos }, topic: 'product/updated' } : null;
  }).catch((error: unknown) => {
    if (!isNotFound(error)) throw error; // deleted meanwhile
    return null;
  });
}
