import { normalizeHostName, normalizeStoreAddress, normalizeSubdomain } from './store-address';

describe('normalizeSubdomain', () => {
  it.each([
    ['bolts', 'bolts'],
    ['My-Shop', 'my-shop'],
    ['  SHOP42 ', 'shop42'],
  ])('reads %j as %j', (typed, held) => {
    expect(normalizeSubdomain(typed)).toBe(held);
  });
});

describe('normalizeHostName', () => {
  it.each([
    ['shop.example.com', 'shop.example.com'],
    ['Shop.Example.COM', 'shop.example.com'],
    ['shop.example.com:8443', 'shop.example.com'],
    [' SHOP.example.com:80 ', 'shop.example.com'],
    ['shop.example.com.', 'shop.example.com'],
    ['shop.example.com:', 'shop.example.com'],
  ])('reads %j as %j', (typed, held) => {
    expect(normalizeHostName(typed)).toBe(held);
  });
});

describe('normalizeStoreAddress', () => {
  it('keeps the kind of address and normalizes its value', () => {
    expect(normalizeStoreAddress({ kind: 'subdomain', value: ' Bolts ' })).toEqual({ kind: 'subdomain', value: 'bolts' });
    expect(normalizeStoreAddress({ kind: 'custom_domain', value: 'Bolts.Example.com:443' })).toEqual({
      kind: 'custom_domain',
      value: 'bolts.example.com',
    });
  });
});
