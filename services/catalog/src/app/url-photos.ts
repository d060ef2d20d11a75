import { urlPhoto, type PhotoRecord } from '../domain/photos';
import type { CatalogDeps } from './catalog-deps';

/**
 * New photos for URLs an owner gave, by URL (a URL listed twice gets two): each gets its id, and media registers its
 * image, all at once. Media answers at once and fetches in the background (image/ready then shows the hosted image);
 * when it refuses the URL or cannot be reached within its deadline the photo has no image and shows its URL, so a
 * product write never fails, nor waits longer than that deadline, because of media.
 */
export async function newUrlPhotos(
  deps: Pick<CatalogDeps, 'media' | 'nextId' | 'logger'>,
  storeId: number,
  urls: readonly string[],
): Promise<Map<string, PhotoRecord[]>> {
  const photos = await Promise.all(
    urls.map(async (url) => {
      const [id, imageId] = await Promise.all([deps.nextId('photos'), importedImage(deps, storeId, url)]);
      return urlPhoto(id, url, imageId);
    }),
  );
  const byUrl = new Map<string, PhotoRecord[]>();
  for (const photo of photos) byUrl.set(photo.url, [...(byUrl.get(photo.url) ?? []), photo]);
  return byUrl;
}

async function importedImage(deps: Pick<CatalogDeps, 'media' | 'logger'>, storeId: number, url: string): Promise<number> {
  try {
    return await deps.media.importImage(storeId, url);
  } catch (error) {
    deps.logger.warn({ err: error, store_id: storeId, url }, 'media did not take a photo URL; the photo shows the URL');
    return 0;
  }
}
