import type { catalog } from '@commerce/contracts';
import { validationFailed, type FieldViolations } from '@commerce/grpc-runtime';
import { findPhoto, movePhoto, placePhoto, removePhoto, type PhotoRecord } from '../domain/photos';
import type { CatalogDeps } from './catalog-deps';
import { writeProduct, type WrittenProduct } from './product-writer';

type PhotoDeps = Pick<CatalogDeps, 'products' | 'collections' | 'storeContexts' | 'clock' | 'queue' | 'mediaOrigin'>;

export interface WrittenPhoto extends WrittenProduct {
  photo: PhotoRecord;
}

const CONTENT_KEY = /^[0-9a-f]{64}$/;

/**
 * Adds a hosted photo (an image media stored for the store) at `position`. The limit is checked on the product as
 * written, one change of a product at a time (app/product-writer.ts), so concurrent adds never pass it nor lose one.
 */
export async function addPhoto(
  deps: PhotoDeps & Pick<CatalogDeps, 'nextId'>,
  storeId: number,
  request: catalog.AddPhotoRequest,
): Promise<WrittenPhoto> {
  const violations: FieldViolations = {};
  if (request.image_id < 1) violations.image_id = ['must be an image id'];
  if (!CONTENT_KEY.test(request.media_key)) violations.media_key = ['must be a content key (64 lower-case hex digits)'];
  if (request.width < 1) violations.width = ['must be at least 1'];
  if (request.height < 1) violations.height = ['must be at least 1'];
  if (request.position < 0) violations.position = ['must be at least 0'];
  if (Object.keys(violations).length > 0) throw validationFailed(violations);

  const [context, id] = await Promise.all([deps.storeContexts.of(storeId), deps.nextId('photos')]);
  const photo: PhotoRecord = {
    id,
    url: '',
    image_id: request.image_id,
    media_key: request.media_key,
    width: request.width,
    height: request.height,
  };
  const written = await writeProduct(
    deps,
    storeId,
    request.product_id,
    context,
    (product) => ({ next: { ...product, photos: placePhoto(product.photos, photo, request.position) }, topic: 'product/updated' }),
    { withinSizeBudget: true },
  );
  return { ...written, photo };
}

/** Moves a photo to `position` (1 is first, past the end last); where it is already, nothing is written. */
export async function updatePhoto(deps: PhotoDeps, storeId: number, request: catalog.UpdatePhotoRequest): Promise<WrittenPhoto> {
  if (request.position < 1) throw validationFailed({ position: ['must be at least 1'] });
  const context = await deps.storeContexts.of(storeId);
  const written = await writeProduct(deps, storeId, request.product_id, context, (product) => {
    const photos = movePhoto(product.photos, request.photo_id, request.position);
    return photos ? { next: { ...product, photos }, topic: 'product/updated' } : null;
  });
  return { ...written, photo: findPhoto(written.product.photos, request.photo_id) };
}

/** Removes a photo and answers it, so the caller can release its image at media. */
export async function deletePhoto(deps: PhotoDeps, storeId: number, request: catalog.DeletePhotoRequest): Promise<WrittenPhoto> {
  const context = await deps.storeContexts.of(storeId);
  let removed: PhotoRecord | undefined;
  const written = await writeProduct(deps, storeId, request.product_id, context, (product) => {
    const after = removePhoto(product.photos, request.photo_id);
    removed = after.removed;
    return { next: { ...product, photos: after.photos }, topic: 'product/updated' };
  });
  return { ...written, photo: removed! };
}

/** Which of the ids a photo of a live product of the store refers to, in the order asked, each once. */
export async function imagesInUse(deps: Pick<CatalogDeps, 'products'>, storeId: number, imageIds: readonly number[]): Promise<number[]> {
  const asked = [...new Set(imageIds.filter((id) => id > 0))];
  if (asked.length === 0) return [];
  const used = await deps.products.imagesInUse(storeId, asked);
  return asked.filter((id) => used.has(id));
}
