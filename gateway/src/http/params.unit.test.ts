import { ApiError } from '../errors/api-error';
import { jsonTextSource } from './json-text';
import { mergeParams, parseParamString } from './params';

describe('parseParamString', () => {
  it('reads plain names, percent-encoding and + as a space', () => {
    expect(parseParamString('name=Tee%20shirt&description=soft+cotton&empty=')).toEqual({
      name: 'Tee shirt',
      description: 'soft cotton',
      empty: '',
    });
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
    const text = [
      `rates=${encodeURIComponent('[{"shipping_class_id":1,"price_cents":500}]')}`,
      `countries=${encodeURIComponent('["US","CA"]')}`,
      `events=${encodeURIComponent('["order/paid"]')}`,
      `owner=${encodeURIComponent('{"email":"a@b.co"}')}`,
    ].join('&');
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
    expect(
      parseParamString(`a=${encodeURIComponent('[not json]')}&b=${encodeURIComponent('{x')}&c=${encodeURIComponent(' ["US"]')}&d=12`),
    ).toEqual({
      a: '[not json]',
      b: '{x',
      c: ' ["US"]',
      d: '12',
    });
  });

  // qs's reading of malformed names (the home-made parser took them literally; no client sends them).
  it('reads names with stray brackets as qs does: an unclosed group is one key, text after the last ] is dropped', () => {
    expect(parseParamString('a[b=1&[c]=2&d]=3&e[f]g=4')).toEqual({ a: { '[b': '1' }, c: '2', 'd]': '3', e: { f: '4' } });
  });

  // qs's reading (the home-made parser let the later shape win; no client sends both shapes).
  it('keeps both values in a list when a name is used two ways', () => {
    expect(parseParamString('a=1&a[b]=2')).toEqual({ a: ['1', { b: '2' }] });
    expect(parseParamString('a[b]=2&a=1')).toEqual({ a: [{ b: '2' }, '1'] });
  });

  it('never touches prototypes: names of Object.prototype members are dropped', () => {
    const params = parseParamString('__proto__[admin]=1&constructor[prototype][admin]=1&toString=1&a[__proto__][admin]=1&name=kept');
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
    expect(Object.getPrototypeOf(params)).toBe(Object.prototype);
    expect(Object.keys(params)).toEqual(['name']);
  });

  it('keeps __proto__ inside JSON text an ordinary key', () => {
    const params = parseParamString(
      `owner=${encodeURIComponent('{"__proto__":{"admin":true}}')}` +
        `&list[]=${encodeURIComponent('{"constructor":{"prototype":{"admin":true}}}')}`,
    );
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
    const owner = params.owner as Record<string, unknown>;
    expect(Object.getPrototypeOf(owner)).toBe(Object.prototype);
    expect(Object.keys(owner)).toEqual(['__proto__']);
    expect((owner as { admin?: unknown }).admin).toBeUndefined();
  });

  it('refuses too many parameters or too deep nesting with a 400', () => {
    const many = Array.from({ length: 11 }, (_, i) => `p${i}=1`).join('&');
    expect(() => parseParamString(many, { maxParams: 10, maxDepth: 8 })).toThrow(expect.objectContaining({ status: 400 }));
    expect(() => parseParamString('a[b][c][d]=1', { maxParams: 10, maxDepth: 2 })).toThrow(ApiError);
    expect(parseParamString('a[b][c]=1', { maxParams: 10, maxDepth: 2 })).toEqual({ a: { b: { c: '1' } } });
  });

  it('keeps every element of long lists, whichever way they are written', () => {
    const values = Array.from({ length: 1000 }, (_, i) => String(i));
    expect(parseParamString(values.map((v) => `a[]=${v}`).join('&')).a).toEqual(values);
    expect(parseParamString(values.map((v) => `a=${v}`).join('&')).a).toEqual(values);
    expect(parseParamString(values.map((v, i) => `a[${i}]=${v}`).join('&')).a).toEqual(values);
  });

  it('keeps large list indices a list, in index order, compacted', () => {
    expect(parseParamString('a[5000]=x&a[999999999]=y&a[1]=z')).toEqual({ a: ['z', 'x', 'y'] });
    expect(parseParamString('a[25][b]=2&a[0][b]=1')).toEqual({ a: [{ b: '1' }, { b: '2' }] });
    expect(parseParamString('a[1234567890]=x')).toEqual({ a: { 1234567890: 'x' } });
  });

  it('keeps repeated JSON lists apart and empty values as empty strings', () => {
    expect(parseParamString(`c=${encodeURIComponent('["US"]')}&c=${encodeURIComponent('["CA"]')}`)).toEqual({ c: [['US'], ['CA']] });
    expect(parseParamString(`c[]=${encodeURIComponent('["US"]')}`)).toEqual({ c: [['US']] });
    expect(parseParamString('a=&b[]=&c[0]=&d')).toEqual({ a: '', b: [''], c: [''], d: '' });
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
