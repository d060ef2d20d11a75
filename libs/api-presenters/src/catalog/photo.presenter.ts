import type { catalog } from '@commerce/contracts';
import { z } from 'zod';

/**
 * The 13 sizes of the photo object (docs/catalog.md#photo-sizes), derived from the one source URL catalog stores. Each
 * size is the source made protocol-relative plus a resize hint in the query string (`w`, `h`,
 * `fit`), the convention image CDNs (imgix, Cloudinary fetch, thumbor-style proxies) understand;
 * `original` carries no hint. Named sizes fit inside a square box; `Nw` sets the width;
 * `Nsq` crops to an N×N square.
 */
const SIZE_HINTS = {
  original: '',
  large: 'w=1000&h=1000&fit=max',
  homepage: 'w=600&h=600&fit=max',
  medium: 'w=400&h=400&fit=max',
  small: 'w=200&h=200&fit=max',
  '64w': 'w=64',
  '200w': 'w=200',
  '400w': 'w=400',
  '600w': 'w=600',
  '1000w': 'w=1000',
  '64sq': 'w=64&h=64&fit=crop',
  '200sq': 'w=200&h=200&fit=crop',
  '400sq': 'w=400&h=400&fit=crop',
} as const;

export type PhotoSize = keyof typeof SIZE_HINTS;

export const PHOTO_SIZES = Object.keys(SIZE_HINTS) as PhotoSize[];

const sizeUrls = Object.fromEntries(PHOTO_SIZES.map((size) => [size, z.string()])) as Record<PhotoSize, z.ZodString>;

/** What presentPhoto renders (the OpenAPI document's `Photo`). */
export const photoJson = z
  .strictObject({
    id: z.number().int().meta({ description: "The photo's id, unique within the store" }),
    width: z.number().int().nullable().meta({ description: "The hosted image's width in pixels, upright; null until it is hosted" }),
    height: z.number().int().nullable().meta({ description: "The hosted image's height in pixels, upright; null until it is hosted" }),
    ...sizeUrls,
  })
  .meta({
    id: 'Photo',
    description:
      'The photo at each of the 13 sizes: protocol-relative URLs of the hosted renditions (`//<host>/media/<key>/<size>`), ' +
      'or, while an image given by URL is fetched (or when it could not be), that URL with a resize hint',
  });

export type PhotoJson = z.infer<typeof photoJson>;

/** The path of one rendition of a hosted image: what the gateway serves (docs/media.md#serving). */
export const mediaPath = (key: string, size: PhotoSize): string => `/media/${key}/${size}`;

const HTTP_SCHEME = /^https?:(?=\/\/)/i;

/**
 * A photo as the API renders it. A hosted photo (`media_key` set) points at our own renditions on `mediaOrigin`
 * (`//api.example.com`, the public host; empty gives host-relative paths, as the buyer site uses); a photo
 * whose image is not hosted (yet) points at the URL it was given by, with a resize hint per size.
 */
export function presentPhoto(photo: catalog.Photo, mediaOrigin = ''): PhotoJson {
  const sizes = {} as Record<PhotoSize, string>;
  if (photo.media_key) {
    for (const size of PHOTO_SIZES) sizes[size] = mediaOrigin + mediaPath(photo.media_key, size);
  } else {
    const { base, query } = splitSource(photo.url);
    for (const size of PHOTO_SIZES) sizes[size] = withHint(base, query, SIZE_HINTS[size]);
  }
  const hosted = photo.media_key !== '' && photo.width > 0;
  return { id: photo.id, width: hosted ? photo.width : null, height: hosted ? photo.height : null, ...sizes };
}

/** `https://api.example.com` → `//api.example.com`: the origin media URLs are written on. */
export const mediaOriginOf = (publicUrl: string): string => `//${new URL(publicUrl).host}`;
/** `https://cdn.example/a.jpg?v=2#x` → base `//cdn.example/a.jpg`, query `v=2`; the fragment means nothing to an image. */
function splitSource(url: string): { base: string; query: string } {
  const withoutFragment = url.split('#', 1)[0]!;
  const relative = withoutFragment.replace(HTTP_SCHEME, '');
  const queryStart = relative.indexOf('?');
  if (queryStart === -1) return { base: relative, query: '' };
  return { base: relative.slice(0, queryStart), query: relative.slice(queryStart + 1) };
}

function withHint(base: string, query: string, hint: string): string {
  const joined = [query, hint].filter((part) => part !== '').join('&');
  return joined ? `${base}?${joined}` : base;
}
