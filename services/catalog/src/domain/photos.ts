// A product's photos (docs/catalog.md#photos): at most MAX_PHOTOS, in the order the owner set, each with an id unique
// within the store, shown from the hosted image once it is ready and from the URL it was given by until then.

import { notFound, ruleBroken, validationFailed, type FieldViolations } from '@commerce/grpc-runtime';
import { MAX_PHOTOS } from './product';

export interface PhotoRecord {
  id: number;
  /** The address the photo was given by; empty for an uploaded photo. */
  url: string;
  /** The media service's image; 0 when it has none (media could not be reached when the url was given). */
  image_id: number;
  /** The hosted image's content key once it is ready; empty until then, or when its fetch failed. */
  media_key: string;
  width: number;
  height: number;
}

/** What a hosted image brings to a photo once it is ready. */
export interface ReadyImage {
  image_id: number;
  media_key: string;
  width: number;
  height: number;
}

/** The one limit of every way a photo is added: a sixth is refused as PHOTO_LIMIT. */
export function requirePhotoRoom(photos: readonly PhotoRecord[]): void {
  if (photos.length >= MAX_PHOTOS) throw ruleBroken('PHOTO_LIMIT', `A product has at most ${MAX_PHOTOS} photos`);
}

/** `position` 1 is first; 0 or past the end is last. */
export function placePhoto(photos: readonly PhotoRecord[], photo: PhotoRecord, position: number): PhotoRecord[] {
  requirePhotoRoom(photos);
  const index = position >= 1 && position <= photos.length ? position - 1 : photos.length;
  return [...photos.slice(0, index), photo, ...photos.slice(index)];
}

export function findPhoto(photos: readonly PhotoRecord[], photoId: number): PhotoRecord {
  const photo = photos.find((candidate) => candidate.id === photoId);
  if (!photo) throw notFound('photo');
  return photo;
}

/** The photo moved to `position` (1 is first, past the end last); null when it is there already. */
export function movePhoto(photos: readonly PhotoRecord[], photoId: number, position: number): PhotoRecord[] | null {
  const photo = findPhoto(photos, photoId);
  const others = photos.filter((candidate) => candidate.id !== photoId);
  const index = Math.min(position, photos.length) - 1;
  const moved = [...others.slice(0, index), photo, ...others.slice(index)];
  return moved.every((candidate, i) => candidate === photos[i]) ? null : moved;
}

export function removePhoto(photos: readonly PhotoRecord[], photoId: number): { photos: PhotoRecord[]; removed: PhotoRecord } {
  const removed = findPhoto(photos, photoId);
  return { photos: photos.filter((candidate) => candidate !== removed), removed };
}

/** The photos refering to the image, shown from it; null when none changes (the image was applied already, or none refers). */
export function withReadyImage(photos: readonly PhotoRecord[], image: ReadyImage): PhotoRecord[] | null {
  let changed = false;
  const next = photos.map((photo) => {
    if (photo.image_id !== image.image_id) return photo;
    if (photo.media_key === image.media_key && photo.width === image.width && photo.height === image.height) return photo;
    changed = true;
    return { ...photo, media_key: image.media_key, width: image.width, height: image.height };
  });
  return changed ? next : null;
}

const SIZES = '(?:original|large|homepage|medium|small|64w|200w|400w|600w|1000w|64sq|200sq|400sq)';
const HOSTED_URL = new RegExp(`^(?:https?:)?//[^/?#\\s]+/media/([0-9a-f]{64})/${SIZES}$`, 'i');

/**
 * The content key of one of our own rendition addresses (`//host/media/<key>/<size>`, with or without http(s):, any
 * of the 13 sizes), as a product's JSON shows its hosted photos; undefined for any other address.
 */
export function hostedKeyOf(url: string): string | undefined {
  return HOSTED_URL.exec(url)?.[1]?.toLowerCase();
}

/**
 * A URL as the photo object's `original` shows it (no http(s) scheme, no fragment): a photo is kept by its URL listed
 * either way.
 */
const sourceOf = (url: string): string => url.split('#', 1)[0]!.replace(/^https?:(?=\/\/)/i, '');

/** A protocol-relative address: only one of the product's own photos may be listed so. */
export const isProtocolRelative = (url: string): boolean => url.startsWith('//');

/**
 * The photos an owner's `photos` list (which replaces the product's) keeps: a URL equal to a current photo's URL (or
 * to its `original` as the photo object shows it, protocol-relative), or to one of a current hosted photo's rendition
 * addresses, keeps that photo (same id, same image), each photo once; the
 * other URLs are `unmatched` (by index), and become new photos.
 */
export function keptPhotos(
  current: readonly PhotoRecord[],
  urls: readonly string[],
): { kept: (PhotoRecord | undefined)[]; unmatched: number[] } {
  const available = [...current];
  const take = (match: (photo: PhotoRecord) => boolean): PhotoRecord | undefined => {
    const index = available.findIndex(match);
    return index === -1 ? undefined : available.splice(index, 1)[0];
  };
  const kept = urls.map((url) => {
    const key = hostedKeyOf(url);
    const source = sourceOf(url);
    return (
      take((photo) => photo.url !== '' && sourceOf(photo.url) === source) ?? (key ? take((photo) => photo.media_key === key) : undefined)
    );
  });
  const unmatched = kept.flatMap((photo, index) => (photo ? [] : [index]));
  return { kept, unmatched };
}

/**
 * The product's photos after an update listing `urls`: the photos kept (keptPhotos) and, for the other URLs, the new
 * photos prepared for them (`fresh`, by URL). A protocol-relative URL naming none of the product's hosted photos is
 * refused (it is no address media can fetch). Null when a URL has neither: the product changed since the new photos
 * were prepared (the caller prepares again).
 */
export function photosForUrls(
  current: readonly PhotoRecord[],
  urls: readonly string[],
  fresh: ReadonlyMap<string, PhotoRecord[]>,
): PhotoRecord[] | null {
  const { kept } = keptPhotos(current, urls);
  const violations: FieldViolations = {};
  const unused = new Map([...fresh].map(([url, photos]) => [url, [...photos]]));
  const photos: PhotoRecord[] = [];
  let incomplete = false;
  kept.forEach((photo, index) => {
    const url = urls[index]!;
    if (photo) return photos.push(photo);
    if (isProtocolRelative(url)) return (violations[`photos[${index}]`] = ['must be an http or https URL']);
    const prepared = unused.get(url)?.shift();
    if (prepared) return photos.push(prepared);
    incomplete = true;
  });
  if (Object.keys(violations).length > 0) throw validationFailed(violations);
  return incomplete ? null : photos;
}

/** A new photo given by URL, with the image media registered for it (0: none). */
export const urlPhoto = (id: number, url: string, imageId: number): PhotoRecord => ({
  id,
  url,
  image_id: imageId,
  media_key: '',
  width: 0,
  height: 0,
});

/** Two lists of the same photos in the same order, each showing the same (no write, no event). */
export function samePhotos(a: readonly PhotoRecord[], b: readonly PhotoRecord[]): boolean {
  return a.length === b.length && a.every((photo, i) => photo === b[i] || JSON.stringify(photo) === JSON.stringify(b[i]));
}

/**
 * The URLs of `urls` that make new photos (by index) given the product's current photos; a protocol-relative one that
 * keeps no hosted photo is refused here, before anything is fetched.
 */
export function newPhotoUrls(current: readonly PhotoRecord[], urls: readonly string[]): string[] {
  const { unmatched } = keptPhotos(current, urls);
  const violations: FieldViolations = {};
  for (const index of unmatched) if (isProtocolRelative(urls[index]!)) violations[`photos[${index}]`] = ['must be an http or https URL'];
  if (Object.keys(violations).length > 0) throw validationFailed(violations);
  return unmatched.map((index) => urls[index]!);
}
