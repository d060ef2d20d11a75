import { productUrls, slugOf } from '@commerce/api-presenters';
import { storeContext } from './catalog.fixture';

describe('slugOf', () => {
  it.each([
    ['Green Tea', 'green-tea'],
    ['Café Tee — Large!', 'cafe-tee-large'],
    ['  --Hello__World--  ', 'hello-world'],
    ['100% Cotton', '100-cotton'],
    ['日本茶', 'product'],
    ['', 'product'],
  ])('%p → %p', (name, slug) => {
    expect(slugOf(name)).toBe(slug);
  });

  it('keeps slugs short and never ends them with a dash', () => {
    const slug = slugOf(`${'a'.repeat(79)} b c`);
    expect(slug.length).toBeLessThanOrEqual(80);
    expect(slug.endsWith('-')).toBe(false);
  });
});

describe('productUrls', () => {
  it('derives the three addresses from the store url, subdomain, id and name', () => {
    expect(productUrls({ id: 7, name: 'Green Tea' }, storeContext())).toEqual({
      storefront_url: 'https://tea.shops.example/product/7-green-tea',
      short_url: 'https://tea.shops.example/p/7',
      marketplace_url: 'https://marketplace.shops.example/tea/product/7-green-tea',
    });
  });

  it('ignores a trailing slash on the store url', () => {
    expect(productUrls({ id: 7, name: 'Tea' }, storeContext({ url: 'http://tea.shops.localhost:8081/' })).storefront_url).toBe(
      'http://tea.shops.localhost:8081/product/7-tea',
    );
  });

  it('falls back to the storefront url for the marketplace when the store has a custom domain', () => {
    const urls = productUrls({ id: 7, name: 'Tea' }, storeContext({ url: 'https://www.teahouse.example' }));
    expect(urls.storefront_url).toBe('https://www.teahouse.example/product/7-tea');
    expect(urls.short_url).toBe('https://www.teahouse.example/p/7');
    expect(urls.marketplace_url).toBe(urls.storefront_url);
  });
});
