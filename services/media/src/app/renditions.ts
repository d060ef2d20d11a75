import { notFound } from '@commerce/grpc-runtime';
import { contentKey } from '../domain/content-key';
import { RENDITIONS, RENDITION_NAMES, type RenditionName } from '@commerce/api-presenters';
import type { OutputFormat } from '../infra/sharp-imaging';
import type { MediaDeps } from './media-deps';

export const OUTPUT_FORMATS: readonly OutputFormat[] = ['webp', 'jpeg'];

export interface KeptRendition {
  data: Uint8Array;
  digest: string;
  width: number;
  height: number;
}

/** Where a rendition is kept in the object store, beside the bytes it is made from. */
export const renditionName = (key: string, size: RenditionName, format: OutputFormat): string => `${key}/${size}.${format}`;

/** Every rendition a key may have: what collecting the key deletes. */
export const allRenditionNames = (key: string): string[] =>
  RENDITION_NAMES.flatMap((size) => OUTPUT_FORMATS.map((format) => renditionName(key, size, format)));

type RenditionDeps = Pick<MediaDeps, 'bytes' | 'imaging' | 'lanes' | 'rendering'>;

/**
 * The rendition, kept: read when it was made before, else made from the key's bytes (or `source`, an upload's bytes
 * in hand), stored, and answered. Concurrent first requests for one rendition make it once. NOT_FOUND when the key
 * has no bytes (never stored, or collected).
 */
export function keptRendition(
  deps: RenditionDeps,
  key: string,
  size: RenditionName,
  format: OutputFormat,
  source?: Buffer,
): Promise<KeptRendition> {
  const name = renditionName(key, size, format);
  const inFlight = deps.rendering.get(name);
  if (inFlight) return inFlight;
  const work = (async (): Promise<KeptRendition> => {
    const kept = await deps.bytes.getRendition(name);
    if (kept) return kept;
    const bytes = source ?? (await deps.bytes.get(key));
    if (!bytes) throw notFound('image');
    // One image's renditions in one lane: two images render side by side, one image's sizes one after another.
    const rendered = await deps.lanes.run(`key:${key}`, () => deps.imaging.render(Buffer.from(bytes), RENDITIONS[size], format));
    await deps.bytes.putRendition(name, rendered.data, rendered);
    return { data: rendered.data, digest: contentKey(rendered.data), width: rendered.width, height: rendered.height };
  })().finally(() => deps.rendering.delete(name));
  deps.rendering.set(name, work);
  return work;
}
