import { isDomainError } from '@commerce/grpc-runtime';
import { hostedKeyOf, movePhoto, newPhotoUrls, photosForUrls, placePhoto, removePhoto, withReadyImage, type PhotoRecord } from './photos';

const KEY = 'b'.repeat(64);
const photo = (id: number, overrides: Partial<PhotoRecord> = {}): PhotoRecord => ({
  id,
  url: `https://img.example/${id}.jpg`,
  image_id: 0,
  media_key: '',
  width: 0,
  height: 0,
  ...overrides,
});
const ids = (photos: readonly PhotoRecord[] | null) => photos?.map((p) => p.id);
const errorOf = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    if (isDomainError(error)) return { reason: error.reason, rule: error.errorInfoReason, fields: error.fieldViolations };
    throw error;
  }
  throw new Error('expected a domain error');
};

describe('placing a photo', () => {
  const three = [photo(1), photo(2), photo(3)];

  it('puts it at its position: 1 first, 0 or past the end last', () => {
    expect(ids(placePhoto(three, photo(9), 1))).toEqual([9, 1, 2, 3]);
    expect(ids(placePhoto(three, photo(9), 3))).toEqual([1, 2, 9, 3]);
    expect(ids(placePhoto(three, photo(9), 0))).toEqual([1, 2, 3, 9]);
    expect(ids(placePhoto(three, photo(9), 42))).toEqual([1, 2, 3, 9]);
  });

  it('refuses a sixth as PHOTO_LIMIT', () => {
    const five = [1, 2, 3, 4, 5].map((id) => photo(id));
    expect(errorOf(() => placePhoto(five, photo(6), 0))).toMatchObject({ reason: 'FAILED_PRECONDITION', rule: 'PHOTO_LIMIT' });
  });
});

describe('moving and removing a photo', () => {
  const three = [photo(1), photo(2), photo(3)];

  it('moves to a position, past the end to last; where it is already, nothing changes', () => {
    expect(ids(movePhoto(three, 3, 1))).toEqual([3, 1, 2]);
    expect(ids(movePhoto(three, 1, 2))).toEqual([2, 1, 3]);
    expect(ids(movePhoto(three, 1, 99))).toEqual([2, 3, 1]);
    expect(movePhoto(three, 2, 2)).toBeNull();
  });

  it('answers NOT_FOUND for a photo the product lacks', () => {
    expect(errorOf(() => movePhoto(three, 4, 1))).toMatchObject({ reason: 'NOT_FOUND' });
    expect(errorOf(() => removePhoto(three, 4))).toMatchObject({ reason: 'NOT_FOUND' });
  });

  it('removes one and answers it', () => {
    const { photos, removed } = removePhoto(three, 2);
    expect(ids(photos)).toEqual([1, 3]);
    expect(removed.id).toBe(2);
  });
});

describe('a photos list given by URL', () => {
  const hosted = photo(2, { url: '', image_id: 20, media_key: KEY, width: 800, height: 600 });
  const current = [photo(1), hosted];

  it('reads the key of our own rendition addresses only', () => {
    expect(hostedKeyOf(`//api.example.com/media/${KEY}/400sq`)).toBe(KEY);
    expect(hostedKeyOf(`https://api.example.com/media/${KEY}/original`)).toBe(KEY);
    expect(hostedKeyOf(`https://api.example.com/media/${KEY}/huge`)).toBeUndefined();
    expect(hostedKeyOf('https://img.example/1.jpg')).toBeUndefined();
  });

  it('keeps a photo listed by its URL or by a rendition address, and makes new photos of the other URLs only', () => {
    const urls = [`//shop.example/media/${KEY}/small`, 'https://img.example/new.jpg', 'https://img.example/1.jpg'];
    expect(newPhotoUrls(current, urls)).toEqual(['https://img.example/new.jpg']);
    const fresh = new Map([['https://img.example/new.jpg', [photo(7, { url: 'https://img.example/new.jpg', image_id: 70 })]]]);
    expect(ids(photosForUrls(current, urls, fresh))).toEqual([2, 7, 1]);
  });

  it('keeps a photo listed by its original as the photo object shows it (no scheme, no fragment)', () => {
    expect(newPhotoUrls(current, ['//img.example/1.jpg'])).toEqual([]);
    expect(ids(photosForUrls(current, ['//img.example/1.jpg'], new Map()))).toEqual([1]);
    expect(ids(photosForUrls([photo(3, { url: 'https://img.example/3.jpg#x' })], ['https://img.example/3.jpg'], new Map()))).toEqual([3]);
  });

  it('drops the photos not listed', () => {
    expect(ids(photosForUrls(current, ['https://img.example/1.jpg'], new Map()))).toEqual([1]);
    expect(photosForUrls(current, [], new Map())).toEqual([]);
  });

  it('refuses a protocol-relative URL that names none of the product photos', () => {
    expect(errorOf(() => newPhotoUrls([photo(1)], [`//api.example.com/media/${KEY}/large`]))).toMatchObject({
      reason: 'INVALID_ARGUMENT',
      fields: { 'photos[0]': ['must be an http or https URL'] },
    });
  });

  it('answers null when a new URL has no photo prepared (the product changed meanwhile)', () => {
    expect(photosForUrls(current, ['https://img.example/other.jpg'], new Map())).toBeNull();
  });
});

describe('an image made ready', () => {
  it('shows on every photo referring to it, once', () => {
    const photos = [photo(1, { image_id: 5 }), photo(2, { image_id: 6 })];
    const ready = withReadyImage(photos, { image_id: 5, media_key: KEY, width: 1200, height: 800 });
    expect(ready).toEqual([photo(1, { image_id: 5, media_key: KEY, width: 1200, height: 800 }), photos[1]]);
    expect(withReadyImage(ready!, { image_id: 5, media_key: KEY, width: 1200, height: 800 })).toBeNull();
    expect(withReadyImage(photos, { image_id: 9, media_key: KEY, width: 1, height: 1 })).toBeNull();
  });
});
