import { mediaPath, PHOTO_SIZES, RENDITIONS, renditionSize as sizeOf, type PhotoJson, type PhotoSize } from '@commerce/api-presenters';

/** The pixel size of one of the 13 renditions of a `width` × `height` image (docs/media.md#the-13-sizes). */
export const renditionSize = (size: PhotoSize, width: number, height: number): { width: number; height: number } =>
  sizeOf(RENDITIONS[size], width, height);

// A product photo as the buyer site's templates see it (docs/buyer-site.md#variables-every-page-has), and the sizes of
// its renditions, which the pages' `srcset`, `width` and `height` are written from.

/**
 * The media key of a photo whose image we host, or null. The API writes a hosted photo's 13 sizes as
 * `//<media origin>/media/<key>/<size>`; one given by URL and not hosted (yet) keeps that URL with a resize hint in
 * the query string of every size but `original`, so it can never have all 13 in that shape with one key. Reading the
 * shape rather than comparing the origin with ours keeps photos hosted when PUBLIC_URL's host changes, and never
 * takes an owner's own `https://elsewhere/media/...` image for ours. (The size, `width` and `height`, is what the
 * `srcset` and `image_*` filters need besides.)
 */
export function hostedKeyOf(photo: PhotoJson): string | null {
  const match = /^(\/\/[^/?#]+)?\/media\/([A-Za-z0-9_-]+)\/original$/.exec(photo.original);
  if (!match) return null;
  const [, origin = '', key] = match;
  return PHOTO_SIZES.every((size) => photo[size] === origin + mediaPath(key!, size)) ? key! : null;
}

/**
 * A photo as the site loads it. A hosted image's sizes become host-relative `/media/<key>/<size>` paths: the gateway
 * serves `/media` on every host, so the store's own site loads them as `'self'` under its Content-Security-Policy, on
 * its own scheme, with no second origin to connect to. Any other photo's protocol-relative sizes are made https: on
 * a site served over http they would be fetched over http, and the policy allows other hosts' images over https only.
 */
export function sitePhoto(photo: PhotoJson): PhotoJson {
  const site = { ...photo };
  const key = hostedKeyOf(photo);
  for (const size of PHOTO_SIZES) {
    if (key !== null) site[size] = mediaPath(key, size);
    else site[size] = photo[size].startsWith('//') ? `https:${photo[size]}` : photo[size];
  }
  return site;
}

const isSize = (name: unknown): name is PhotoSize => typeof name === 'string' && (PHOTO_SIZES as string[]).includes(name);

/** The hosted image's size and URLs of a template's photo value, or null for anything else (a photo not hosted, a string). */
function hostedOf(value: unknown): { width: number; height: number; photo: Record<string, unknown> } | null {
  if (typeof value !== 'object' || value === null) return null;
  const photo = value as Record<string, unknown>;
  const { width, height } = photo;
  if (!Number.isInteger(width) || !Number.isInteger(height) || (width as number) < 1 || (height as number) < 1) return null;
  return { width: width as number, height: height as number, photo };
}

/** The `Nw` widths, or the `Nsq` squares, with their `w` descriptors. */
const SRCSET_SIZES = {
  width: ['64w', '200w', '400w', '600w', '1000w'],
  square: ['64sq', '200sq', '400sq'],
} as const satisfies Record<string, readonly PhotoSize[]>;

/**
 * `{{ photo | srcset }}`: a hosted photo's `Nw` renditions as an `srcset` (`/media/<key>/64w 64w, ...`);
 * `{{ photo | srcset: 'square' }}` its square crops. Empty for a photo that is not hosted: its URL's resize hints
 * may not be honoured by its host, so its page keeps one `src`.
 */
export function photoSrcset(value: unknown, kind: unknown = 'width'): string {
  const hosted = hostedOf(value);
  if (!hosted) return '';
  const sizes = kind === 'square' ? SRCSET_SIZES.square : SRCSET_SIZES.width;
  return sizes
    .filter((size) => typeof hosted.photo[size] === 'string')
    .map((size) => `${hosted.photo[size] as string} ${renditionSize(size, hosted.width, hosted.height).width}w`)
    .join(', ');
}

/** `{{ photo | image_width: '400w' }}`, `{{ photo | image_height: '400w' }}`: a hosted rendition's pixels; nil when unknown. */
export function photoDimension(value: unknown, size: unknown, side: 'width' | 'height'): number | null {
  const hosted = hostedOf(value);
  if (!hosted || !isSize(size)) return null;
  return renditionSize(size, hosted.width, hosted.height)[side];
}
