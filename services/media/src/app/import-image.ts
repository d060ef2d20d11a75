import { isDomainError, validationFailed } from '@commerce/grpc-runtime';
import { parseOutboundUrl } from '@commerce/outbound-address';
import type { ImageRecord } from '../domain/image';
import { acceptBytes } from './accept-bytes';
import type { MediaDeps } from './media-deps';

/**
 * A photo given by URL (docs/media.md#photos-given-by-url): the url's rules that need no DNS are checked now, a pending
 * image is written and answered at once, and the fetch runs in the background, so the product write that asked never
 * waits for the other host.
 */
export async function importImage(deps: MediaDeps, storeId: number, url: string): Promise<ImageRecord> {
  const target = parseOutboundUrl(url);
  if ('violation' in target) throw validationFailed({ url: [target.violation] });
  const image: ImageRecord = {
    store_id: storeId,
    id: await deps.nextId('image'),
    key: '',
    status: 'pending',
    width: 0,
    height: 0,
    byte_size: 0,
    format: '',
    source_url: target.url,
    error: '',
    created_at: deps.clock(),
  };
  await deps.images.insert(image);
  void runImport(deps, image);
  return image;
}

/**
 * Fetches a pending image and makes it ready (image/ready) or failed (image/failed, with the reason). Fetches are fair
 * between stores (one store's hundred URLs wait behind each other, not in front of another store's one). Never throws.
 */
export async function runImport(deps: MediaDeps, image: ImageRecord): Promise<void> {
  try {
    const fetched = await deps.lanes.run(`fetch:${image.store_id}`, () => deps.fetcher.fetch(image.source_url));
    if ('error' in fetched) {
      await deps.images.markFailed(image.store_id, image.id, fetched.error, deps.clock());
      return;
    }
    let accepted;
    try {
      accepted = await acceptBytes(deps, image.store_id, fetched.bytes);
    } catch (error) {
      if (!isDomainError(error) || error.reason === 'UNAVAILABLE') throw error;
      const reason = error.fieldViolations?.file?.[0];
      await deps.images.markFailed(image.store_id, image.id, reason ? `the image ${reason}` : error.message, deps.clock());
      return;
    }
    const ready = await deps.images.markReady(image.store_id, image.id, accepted, deps.clock());
    if (!ready) {
      // Released while it was fetched: nothing refers to the bytes, and the quota goes back.
      await deps.usage.giveBack(image.store_id, accepted.byte_size);
      await deps.claims.released(accepted.key, deps.clock());
    }
  } catch (error) {
    // The store or the database failed, not the image: it stays pending and the next start (or sweep) tries again.
    deps.logger.warn({ err: error, store_id: image.store_id, image_id: image.id }, 'an image import could not finish; it will be retried');
  }
}

/** Imports a restart interrupted: each pending image is fetched again. */
export async function resumeImports(deps: MediaDeps): Promise<void> {
  for (const image of await deps.images.pending(10_000)) void runImport(deps, image);
}
