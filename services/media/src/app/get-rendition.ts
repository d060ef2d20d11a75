import { notFound, validationFailed } from '@commerce/grpc-runtime';
import { isContentKey } from '../domain/content-key';
import { isRenditionName } from '@commerce/api-presenters';
import type { OutputFormat } from '../infra/sharp-imaging';
import type { MediaDeps } from './media-deps';
import { keptRendition, OUTPUT_FORMATS, type KeptRendition } from './renditions';

/** One of the 13 sizes of the image whose bytes have `key` (docs/media.md#serving), made on first request and kept. */
export async function getRendition(
  deps: MediaDeps,
  key: string,
  size: string,
  format: string,
): Promise<KeptRendition & { contentType: string }> {
  if (!OUTPUT_FORMATS.includes(format as OutputFormat)) throw validationFailed({ format: ['must be webp or jpeg'] });
  if (!isContentKey(key) || !isRenditionName(size)) throw notFound('image');
  const rendition = await keptRendition(deps, key, size, format as OutputFormat);
  return { ...rendition, contentType: `image/${format}` };
}
