import { pageNumberOf, routeOf } from './page-routes';

describe('routeOf', () => {
  it.each([
    ['/', { kind: 'home', page: 1 }],
    ['/product/12', { kind: 'product', productId: 12 }],
    ['/product/12-green-tea', { kind: 'product', productId: 12 }],
    ['/products/12', { kind: 'product', productId: 12 }],
    ['/p/12', { kind: 'product', productId: 12 }],
    ['/collections/3', { kind: 'collection', collectionId: 3, page: 1 }],
    ['/collections/3-summer', { kind: 'collection', collectionId: 3, page: 1 }],
    ['/contact', { kind: 'contact' }],
    ['/faq/', { kind: 'faq' }],
    ['/pages/About-Us', { kind: 'custom', permalink: 'about-us' }],
    ['/cart', { kind: 'cart' }],
    ['/checkout', { kind: 'checkout' }],
    ['/orders/abc.DEF_12-x', { kind: 'confirmation', token: 'abc.DEF_12-x' }],
    ['/store.css', { kind: 'stylesheet' }],
  ])('%s names its page', (path, route) => {
    expect(routeOf(path)).toEqual(route);
  });

  it.each([
    '',
    'contact',
    '//contact',
    '/contact/x',
    '/products/12-tee',
    '/p/0',
    '/product/abc',
    '/product/012',
    '/product/99999999999999999',
    '/collections',
    '/pages/',
    '/pages/../etc',
    '/pages/a%2Fb',
    '/orders/',
    '/unknown',
    '/a//b',
    '/store.css/x',
  ])('%s is not a page', (path) => {
    expect(routeOf(path)).toEqual({ kind: 'not_found' });
  });

  it('numbers the pages of the home page and a collection from ?page=', () => {
    expect(routeOf('/', { page: '3' })).toEqual({ kind: 'home', page: 3 });
    expect(routeOf('/collections/4', { page: '2' })).toEqual({ kind: 'collection', collectionId: 4, page: 2 });
  });
});

describe('pageNumberOf', () => {
  it.each([
    [undefined, 1],
    ['1', 1],
    ['7', 7],
    ['0', 1],
    ['-2', 1],
    ['2.5', 1],
    ['abc', 1],
    ['9999999', 1],
  ])('%s → %d', (value, page) => {
    expect(pageNumberOf(value)).toBe(page);
  });
});
