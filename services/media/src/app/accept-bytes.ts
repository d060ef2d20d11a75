import { DomainError, validationFailed } from '@commerce/grpc-runtime';
import { contentKey } from '../domain/content-key';
import type { AcceptedBytes } from '../domain/image';
import { imageRefusal, MAX_IMAGE_BYTES } from '../domain/image-rules';
import type { MediaDeps } from './media-deps';
import { keptRendition } from './renditions';

/** How long an upload waits, at most, for the sweep to finish collecting the same bytes before it stores them again. */
const CLAIM_WAIT_MS = 10_000;

/**
 * Makes bytes a store's image (docs/media.md#what-an-image-may-be): the format and size read from the header before
 * anything is decoded, the store's quota taken, the bytes stored once by their key, and the `large` WebP rendition
 * made at once, which proves the file decodes (a truncated or corrupt file is refused, not stored for later). Anything
 * that fails after the quota was taken gives it back.
 */
export async function acceptBytes(
  deps: Pick<MediaDeps, 'usage' | 'claims' | 'bytes' | 'imaging' | 'lanes' | 'rendering' | 'quotaBytes' | 'clock'>,
  storeId: number,
  bytes: Buffer,
): Promise<AcceptedBytes> {
  const header = bytes.length === 0 || bytes.length > MAX_IMAGE_BYTES ? null : await deps.imaging.readHeader(bytes);
  const verdict = imageRefusal(bytes.length, header);
  if ('refusal' in verdict) throw validationFailed({ file: [verdict.refusal] });
  if (!(await deps.usage.reserve(storeId, bytes.length, deps.quotaBytes))) {
    const { used_bytes } = await deps.usage.of(storeId);
    const megabytes = (bytes: number) => Math.round(bytes / 1024 / 1024);
    throw new DomainError(
      'FAILED_PRECONDITION',
      `The store's images would pass its quota of ${megabytes(deps.quotaBytes)} MB (${megabytes(used_bytes)} MB used)`,
      { errorInfoReason: 'MEDIA_QUOTA_EXCEEDED', metadata: { quota_bytes: String(deps.quotaBytes), used_bytes: String(used_bytes) } },
    );
  }
  const key = contentKey(bytes);
  try {
    await touchKey(deps, key);
    await deps.bytes.put(bytes);
    await keptRendition(deps, key, 'large', 'webp', bytes).catch((error: unknown) => {
      throw validationFailed(
        { file: ['could not be read as an image (damaged or cut short)'] },
        `Image could not be decoded: ${String(error).slice(0, 200)}`,
      );
    });
  } catch (error) {
    await deps.usage.giveBack(storeId, bytes.length);
    // Stored bytes nothing will refer to: the sweep collects them after the grace period.
    await deps.claims.released(key, deps.clock());
    throw error;
  }
  return { key, width: header!.width, height: header!.height, byte_size: bytes.length, format: verdict.format };
}

/** Touches the key before it is referred to; waits while the sweep collects the same bytes (then they are stored anew). */
async function touchKey(deps: Pick<MediaDeps, 'claims' | 'clock'>, key: string): Promise<void> {
  const until = Date.now() + CLAIM_WAIT_MS;
  while (!(await deps.claims.touch(key, deps.clock()))) {
    if (Date.now() > until) throw new DomainError('UNAVAILABLE', 'The image store is busy with these bytes; try again');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
