import { presentPhoto } from '@commerce/api-presenters';
import { hostedKeyOf, photoDimension, photoSrcset, renditionSize, sitePhoto } from './site-photos';

const KEY = 'a'.repeat(64);
/** A 1200 × 800 image we host, as catalog's events render it on the public host. */
const hosted = presentPhoto(
  { id: 4, url: 'https://img.example/t.jpg', image_id: 9, media_key: KEY, width: 1200, height: 800 },
  '//api.example',
);
/** The same photo before its image was fetched: the owner's URL with resize hints. */
const fetching = presentPhoto({ id: 4, url: 'https://img.example/t.jpg', image_id: 0, media_key: '', width: 0, height: 0 });

describe('sitePhoto', () => {
  it('points a hosted image at host-relative /media paths, which the site loads as its own origin', () => {
    const photo = sitePhoto(hosted);
    expect(photo).toMatchObject({ id: 4, width: 1200, height: 800, original: `/media/${KEY}/original`, '400sq': `/media/${KEY}/400sq` });
    expect(sitePhoto(presentPhoto({ id: 4, url: '', image_id: 9, media_key: KEY, width: 1200, height: 800 }))['64w']).toBe(
      `/media/${KEY}/64w`,
    );
  });

  it('keeps a photo that is not hosted on its own host, over https', () => {
    expect(sitePhoto(fetching)).toMatchObject({
      width: null,
      original: 'https://img.example/t.jpg',
      medium: 'https://img.example/t.jpg?w=400&h=400&fit=max',
    });
  });

  it("never takes an owner's image at another host's /media/ path for ours", () => {
    const lookalike = presentPhoto({
      id: 5,
      url: `https://other.example/media/${KEY}/original`,
      image_id: 0,
      media_key: '',
      width: 0,
      height: 0,
    });
    expect(hostedKeyOf(lookalike)).toBeNull();
    expect(sitePhoto(lookalike).original).toBe(`https://other.example/media/${KEY}/original`);
    expect(hostedKeyOf({ ...hosted, large: `//api.example/media/${'b'.repeat(64)}/large` })).toBeNull();
  });
});

describe('renditionSize', () => {
  it.each([
    ['original', 1200, 800],
    ['large', 1000, 667],
    ['small', 200, 133],
    ['64w', 64, 43],
    ['1000w', 1000, 667],
    ['200sq', 200, 200],
  ] as const)('a 1200 × 800 image at %s is %i × %i (docs/media.md)', (size, width, height) => {
    expect(renditionSize(size, 1200, 800)).toEqual({ width, height });
  });

  it('never enlarges a box size, and widens an Nw one', () => {
    expect(renditionSize('large', 300, 500)).toEqual({ width: 300, height: 500 });
    expect(renditionSize('600w', 300, 500)).toEqual({ width: 600, height: 1000 });
  });
});

describe('srcset and image sizes for templates', () => {
  const photo = sitePhoto(hosted);

  it('lists the Nw widths, or the squares, with their w descriptors', () => {
    expect(photoSrcset(photo)).toBe([64, 200, 400, 600, 1000].map((n) => `/media/${KEY}/${n}w ${n}w`).join(', '));
    expect(photoSrcset(photo, 'square')).toBe([64, 200, 400].map((n) => `/media/${KEY}/${n}sq ${n}w`).join(', '));
  });

  it("gives a rendition's width and height from the hosted image's", () => {
    expect([photoDimension(photo, '400w', 'width'), photoDimension(photo, '400w', 'height')]).toEqual([400, 267]);
    expect(photoDimension(photo, '400sq', 'height')).toBe(400);
  });

  it('gives nothing for a photo that is not hosted, a size that is not one, or a value that is no photo', () => {
    expect(photoSrcset(sitePhoto(fetching))).toBe('');
    expect(photoSrcset('x')).toBe('');
    expect(photoDimension(sitePhoto(fetching), '400w', 'width')).toBeNull();
    expect(photoDimension(photo, '401w', 'width')).toBeNull();
    expect(photoDimension(null, '400w', 'width')).toBeNull();
  });
});
