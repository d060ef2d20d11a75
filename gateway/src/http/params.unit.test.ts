import { ApiError } from '../errors/api-error';
import { jsonTextSource } from './json-text';
import { mergeParams, parseParamString } from './params';

describe('parseParamString', () => {
  it('reads plain names, percent-encoding and + as a space', () => {
    expect(parseParamString('name=Tee%20shirt&description=soft+cotton&empty=')).toEqual({ name: 'Tee shirt', description: 'soft cotton', empty: '' });
  });

  it('nests bracket names into objects', () => {
    expect(parseParamString('owner[email]=a%40b.co&owner[login]=ann&owner[address][city]=Oslo')).toEqual({
      owner: { email: 'a@b.co', login: 'ann', address: { city: 'Oslo' } },
    });
  });

  it('turns empty brackets and repeated names into arrays', () => {
    expect(parseParamString('items[]=1&items[]=2&tag=a&tag=b&one[]=x')).toEqual({ items: ['1', '2'], tag: ['a', 'b'], one: ['x'] });
  });

  it('turns indexed names into arrays of objects, in index order, compacted', () => {
    const text = 'rates[1][shipping_class_id]=4&rates[0][shipping_class_id]=3&rates[0][price_cents]=500&rates[7][shipping_class_id]=9';
    expect(parseParamString(text)).toEqual({
      rates: [{ shipping_class_id: '3', price_cents: '500' }, { shipping_class_id: '4' }, { shipping_class_id: '9' }],
    });
  });

  it('appends empty brackets after explicit indices', () => {
    expect(parseParamString('a[0]=x&a[]=y')).toEqual({ a: ['x', 'y'] });
  });

  it('keeps keys that are not all indices as an object', () => {
    expect(parseParamString('a[x]=1&a[0]=2')).toEqual({ a: { x: '1', 0: '2' } });
  });

  it('parses JSON text of arrays and objects inside values', () => {
    const text = `rates=${encodeURIComponent('[{"shipping_class_id":1,"price_cents":500}]')}&countries=${encodeURIComponent('["US","CA"]')}&events=${encodeURIComponent('["order/paid"]')}&owner=${encodeURIComponent('{"email":"a@b.co"}')}`;
    expect(parseParamString(text)).toEqual({
      rates: [{ shipping_class_id: 1, price_cents: 500 }],
      countries: ['US', 'CA'],
      events: ['order/paid'],
      owner: { email: 'a@b.co' },
    });
  });

  it('remembers the text JSON values came from', () => {
    const { countries } = parseParamString(`countries=${encodeURIComponent('["US"]')}`);
    expect(jsonTextSource(countries)).toBe('["US"]');
  });

  it('leaves text that only looks like JSON as a string', () => {
    expect(parseParamString(`a=${encodeURIComponent('[not json]')}&b=${encodeURIComponent('{x')}&c=${encodeURIComponent(' ["US"]')}&d=12`)).toEqual({
      a: '[not json]',
      b: '{x',
      c: ' ["US"]',
      d: '12',
    });
  });

  it('takes names with stray brackets literally', () => {
    expect(parseParamString('a[b=1&[c]=2&d]=3&e[f]g=4')).toEqual({ 'a[b': '1', '[c]': '2', 'd]': '3', 'e[f]g': '4' });
  });

  it('lets the later shape win when a name is used two ways', () => {
    expect(parseParamString('a=1&a[b]=2')).toEqual({ a: { b: '2' } });
    expect(parseParamString('a[b]=2&a=1')).toEqual({ a: '1' });
  });

  it('never touches prototypes', () => {
    const params = parseParamString('__proto__[admin]=1&constructor[prototype][admin]=1');
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
    expect(Object.getPrototypeOf(params)).toBe(Object.prototype);
    expect(Object.keys(params)).toEqual(['__proto__', 'constructor']);
  });

  it('refuses too many parameters or too deep nesting with a 400', () => {
    const many = Array.from({ length: 11 }, (_, i) => `p${i}=1`).join('&');
    expect(() => parseParamString(many, { maxParams: 10, maxDepth: 8 })).toThrow(expect.objectContaining({ status: 400 }));
    expect(() => parseParamString('a[b][c][d]=1', { maxParams: 10, maxDepth: 2 })).toThrow(ApiError);
    expect(parseParamString('a[b][c]=1', { maxParams: 10, maxDepth: 2 })).toEqual({ a: { b: { c: '1' } } });
  });

  it('handles an empty string and a leading ?', () => {
    expect(parseParamString('')).toEqual({});
    expect(parseParamString('?a=1')).toEqual({ a: '1' });
  });
});

describe('mergeParams', () => {
  it('lets the body win over the query, merging nested objects', () => {
    const query = { name: 'from query', page: '2', owner: { email: 'q@x.co', login: 'q' }, tags: ['a', 'b'] };
    const body = { name: 'from body', owner: { email: 'b@x.co' }, tags: ['c'] };
    expect(mergeParams(query, body)).toEqual({ name: 'from body', page: '2', owner: { email: 'b@x.co', login: 'q' }, tags: ['c'] });
  });

  it('keeps a JSON body key __proto__ an ordinary key', () => {
    const body = JSON.parse('{"__proto__": {"admin": true}}') as Record<string, unknown>;
    const merged = mergeParams({ a: '1' }, body);
    expect(Object.getPrototypeOf(merged)).toBe(Object.prototype);
    expect((merged as { admin?: unknown }).admin).toBeUndefined();
  });
});
