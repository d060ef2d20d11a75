import type { MediaDeps } from './media-deps';

/**
 * Drops the store's references (another store's, unknown or released ids are ignored): the quota goes back at once, and
 * the bytes are collected once no reference is left (docs/media.md#collecting-unused-bytes). Answers how many it dropped.
 */
export async function releaseImages(
  deps: Pick<MediaDeps, 'images' | 'usage' | 'claims' | 'clock'>,
  storeId: number,
  ids: readonly number[],
): Promise<number> {
  let released = 0;
  for (const id of new Set(ids)) {
    const image = await deps.images.delete(storeId, id);
    if (!image) continue;
    released += 1;
    if (image.status !== 'ready') continue;
    await deps.usage.giveBack(storeId, image.byte_size);
    await deps.claims.released(image.key, deps.clock());
  }
  return released;
}
