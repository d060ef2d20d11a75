import { PHOTO_SIZES, presentPhoto } from '@commerce/api-presenters';

describe('presentPhoto', () => {
  it('has the 13 size keys of docs/catalog.md#photo-sizes, all protocol-relative', () => {
    const photo = presentPhoto({ url: 'https://images.example.com/p/7/tea.jpg' });
    expect(Object.keys(photo)).toEqual([
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
    for (const url of Object.values(photo)) expect(url.startsWith('//images.example.com/p/7/tea.jpg')).toBe(true);
  });

  it('keeps the source as original and adds a resize hint to the others', () => {
    const photo = presentPhoto({ url: 'https://images.example.com/tea.jpg' });
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
    const photo = presentPhoto({ url: 'HTTP://cdn.example/a.png?v=2#top' });
    expect(photo.original).toBe('//cdn.example/a.png?v=2');
    expect(photo['200w']).toBe('//cdn.example/a.png?v=2&w=200');
  });

  it('leaves an already protocol-relative source alone', () => {
    expect(presentPhoto({ url: '//cdn.example/a.png' }).original).toBe('//cdn.example/a.png');
  });
});
