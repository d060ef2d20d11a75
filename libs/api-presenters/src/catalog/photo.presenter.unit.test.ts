import { PHOTO_SIZES, mediaOriginOf, presentPhoto } from '@commerce/api-presenters';

const urlPhoto = { url: '', id: 7, image_id: 0, media_key: '', width: 0, height: 0 };
const KEY = 'a'.repeat(64);

describe('presentPhoto', () => {
  it('has the 13 size keys of docs/catalog.md#photo-sizes, all protocol-relative', () => {
    const photo = presentPhoto({ ...urlPhoto, url: 'https://images.example.com/p/7/tea.jpg' });
    expect(Object.keys(photo)).toEqual([
      'id',
      'width',
      'height',
      'original',
      'large',
      'homepage',
      'medium',
      'small',
      '64w',
      '200w',
      '400w',
      '600w',
      '1000w',
      '64sq',
      '200sq',
      '400sq',
    ]);
    expect(PHOTO_SIZES).toHaveLength(13);
    for (const url of PHOTO_SIZES.map((size) => photo[size])) expect(url.startsWith('//images.example.com/p/7/tea.jpg')).toBe(true);
  });

  it('keeps the source as original and adds a resize hint to the others', () => {
    const photo = presentPhoto({ ...urlPhoto, url: 'https://images.example.com/tea.jpg' });
    expect(photo.original).toBe('//images.example.com/tea.jpg');
    expect(photo.large).toBe('//images.example.com/tea.jpg?w=1000&h=1000&fit=max');
    expect(photo.homepage).toBe('//images.example.com/tea.jpg?w=600&h=600&fit=max');
    expect(photo.medium).toBe('//images.example.com/tea.jpg?w=400&h=400&fit=max');
    expect(photo.small).toBe('//images.example.com/tea.jpg?w=200&h=200&fit=max');
    expect(photo['64w']).toBe('//images.example.com/tea.jpg?w=64');
    expect(photo['1000w']).toBe('//images.example.com/tea.jpg?w=1000');
    expect(photo['64sq']).toBe('//images.example.com/tea.jpg?w=64&h=64&fit=crop');
    expect(photo['400sq']).toBe('//images.example.com/tea.jpg?w=400&h=400&fit=crop');
  });

  it('drops an http scheme too, keeps an existing query and drops a fragment', () => {
    const photo = presentPhoto({ ...urlPhoto, url: 'HTTP://cdn.example/a.png?v=2#top' });
    expect(photo.original).toBe('//cdn.example/a.png?v=2');
    expect(photo['200w']).toBe('//cdn.example/a.png?v=2&w=200');
  });

  it('leaves an already protocol-relative source alone', () => {
    expect(presentPhoto({ ...urlPhoto, url: '//cdn.example/a.png' }).original).toBe('//cdn.example/a.png');
  });

  it('points a hosted photo at our renditions on the media origin, with its size', () => {
    const photo = presentPhoto(
      { ...urlPhoto, url: 'https://cdn.example/a.png', image_id: 3, media_key: KEY, width: 1200, height: 800 },
      '//api.example.com',
    );
    expect(photo).toMatchObject({ id: 7, width: 1200, height: 800 });
    expect(photo.original).toBe(`//api.example.com/media/${KEY}/original`);
    expect(photo['200sq']).toBe(`//api.example.com/media/${KEY}/200sq`);
    expect(presentPhoto({ ...urlPhoto, media_key: KEY, width: 10, height: 10 }).small).toBe(`/media/${KEY}/small`);
  });

  it('renders a photo whose image is not hosted yet from its url, its size null', () => {
    const photo = presentPhoto({ ...urlPhoto, url: 'https://cdn.example/a.png', image_id: 3 }, '//api.example.com');
    expect(photo).toMatchObject({ id: 7, width: null, height: null, small: '//cdn.example/a.png?w=200&h=200&fit=max' });
  });

  it('writes the media origin from the public URL, port included', () => {
    expect(mediaOriginOf('https://api.example.com')).toBe('//api.example.com');
    expect(mediaOriginOf('http://localhost:8080/')).toBe('//localhost:8080');
  });
});
