import type { MediaDeps } from './media-deps';
import { releaseImages } from './release-images';
import { allRenditionNames } from './renditions';

/** How long the sweep holds a key it collects; an upload of the same bytes waits at most this long. */
const CLAIM_MS = 60_000;
const BATCH = 500;
/** How often catalog is asked again about an image it said a photo shows. */
const RECHECK_MS = 24 * 60 * 60_000;

/**
 * Collects the bytes and renditions of keys no reference has used for the grace period (docs/media.md#collecting-unused-bytes).
 * A key is claimed first (only if no upload touched it within the grace period), then looked up once more: an upload
 * touches a key before it refers to it, and waits while the key is claimed, so bytes an upload counts on are never
 * deleted. Answers how many keys it collected.
 */
export async function collectUnusedBytes(
  deps: Pick<MediaDeps, 'claims' | 'images' | 'bytes' | 'clock' | 'collectGraceMs'>,
): Promise<number> {
  const now = deps.clock();
  const cutoff = new Date(now.getTime() - deps.collectGraceMs);
  let collected = 0;
  for (const key of await deps.claims.candidates(cutoff, now, BATCH)) {
    if (!(await deps.claims.claim(key, cutoff, now, new Date(now.getTime() + CLAIM_MS)))) continue;
    if (await deps.images.keyInUse(key)) {
      await deps.claims.keep(key, deps.clock());
      continue;
    }
    await deps.bytes.deleteWithRenditions(key, allRenditionNames(key));
    await deps.claims.forget(key);
    collected += 1;
  }
  return collected;
}

/**
 * Releases references no photo shows: an upload whose photo never reached catalog (the gateway stopped between the two
 * calls), photos replaced by an update, products deleted. Catalog is asked about images older than the orphan age, in
 * batches per store, again a day later for those it still shows. Any error of catalog's means "ask later", never "not
 * in use". Answers how many it released.
 */
export async function releaseOrphans(
  deps: Pick<MediaDeps, 'images' | 'usage' | 'claims' | 'catalog' | 'clock' | 'orphanAgeMs' | 'logger'>,
): Promise<number> {
  const now = deps.clock();
  const candidates = await deps.images.orphanCandidates(
    new Date(now.getTime() - deps.orphanAgeMs),
    new Date(now.getTime() - RECHECK_MS),
    BATCH,
  );
  const byStore = new Map<number, number[]>();
  for (const image of candidates) byStore.set(image.store_id, [...(byStore.get(image.store_id) ?? []), image.id]);
  let released = 0;
  for (const [storeId, ids] of byStore) {
    let inUse: Set<number>;
    try {
      inUse = new Set(await deps.catalog.imagesInUse(storeId, ids));
    } catch (error) {
      deps.logger.warn({ err: error, store_id: storeId }, 'catalog could not say which images its photos show; asking later');
      continue;
    }
    await deps.images.markChecked(storeId, [...inUse], now);
    released += await releaseImages(
      deps,
      storeId,
      ids.filter((id) => !inUse.has(id)),
    );
  }
  return released;
}
