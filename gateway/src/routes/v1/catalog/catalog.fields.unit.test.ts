import { checkField as check } from '../../../http/field-errors.fixture';
import { parseParamString } from '../../../http/params';
import { decimalCents, oneOf, optionalDecimalCents, photoUrls, productIdList, tagList } from './catalog.fields';

describe('decimalCents', () => {
  it.each([
    ['19.99', 1999],
    [19.99, 1999],
    ['0.1', 10],
    [0.07, 7],
    ['5', 500],
    [5, 500],
    ['5.', 500],
    ['.5', 50],
    ['19.990', 1999],
    [' 12.30 ', 1230],
    ['0', 0],
    [1.15, 115],
    [4.35, 435],
    ['1234567.89', 123456789],
  ])('reads %p as %p cents without float error', (input, cents) => {
    expect(check(decimalCents(), input)).toBe(cents);
  });

  it.each([
    ['12,50', 'must be a decimal amount such as 19.99'],
    ['$5', 'must be a decimal amount such as 19.99'],
    ['abc', 'must be a decimal amount such as 19.99'],
    ['.', 'must be a decimal amount such as 19.99'],
    [true, 'must be a decimal amount such as 19.99'],
    [['1'], 'must be a decimal amount such as 19.99'],
    [1e21, 'must be a decimal amount such as 19.99'],
    ['19.999', 'must have at most 2 decimal places'],
    [0.1 + 0.2, 'must have at most 2 decimal places'],
    ['-1', 'must be at least 0'],
    [-0.5, 'must be at least 0'],
    ['99999999999999999999', 'is too large'],
  ])('rejects %p: %s', (input, message) => {
    expect(check(decimalCents(), input)).toEqual({ field: [message] });
  });

  it('treats a blank form field or null as not given when optional', () => {
    expect(check(optionalDecimalCents(), '')).toBeUndefined();
    expect(check(optionalDecimalCents(), null)).toBeUndefined();
    expect(check(optionalDecimalCents(), undefined)).toBeUndefined();
  });
});

describe('photoUrls', () => {
  const url = (n: number) => `https://img.example/${n}.jpg`;

  it('takes an array, JSON text of one, or a single URL', () => {
    expect(check(photoUrls(), [url(1), url(2)])).toEqual([url(1), url(2)]);
    expect(check(photoUrls(), parseParamString(`field=${encodeURIComponent(JSON.stringify([url(1), url(2)]))}`).field)).toEqual([
      url(1),
      url(2),
    ]);
    expect(check(photoUrls(), parseParamString(`field[]=${url(1)}&field[]=${url(2)}`).field)).toEqual([url(1), url(2)]);
    expect(check(photoUrls(), url(1))).toEqual([url(1)]);
    expect(check(photoUrls(), 'https://img.example/a,b.jpg')).toEqual(['https://img.example/a,b.jpg']);
    expect(check(photoUrls(), '')).toEqual([]);
  });

  it("takes any number of them, trimmed; how many and which are catalog's rules", () => {
    expect(check(photoUrls(), [1, 2, 3, 4, 5, 6].map(url))).toHaveLength(6);
    expect(check(photoUrls(), [` ${url(1)} `, 'not a url'])).toEqual([url(1), 'not a url']);
  });

  it('names each entry that is not text', () => {
    expect(check(photoUrls(), [42])).toEqual({ 'field[0]': ['must be a URL'] });
  });
});

describe('tagList', () => {
  it.each([
    ['a, b', ['a', 'b']],
    [' a ,, b , ', ['a', 'b']],
    [
      ['a ', ' b', ''],
      ['a', 'b'],
    ],
    ['["x y","z"]', ['x y', 'z']],
    ['solo', ['solo']],
    ['', []],
  ])('reads %p as %p', (input, tags) => {
    expect(check(tagList(), input)).toEqual(tags);
  });
});

describe('productIdList', () => {
  it.each([
    [
      [1, 2],
      [1, 2],
    ],
    [
      ['1', '2'],
      [1, 2],
    ],
    ['[3,4]', [3, 4]],
    ['3, 4', [3, 4]],
    ['7', [7]],
    ['', []],
  ])('reads %p as %p', (input, ids) => {
    expect(check(productIdList(), input)).toEqual(ids);
  });

  it('names ids that are not positive integers', () => {
    expect(check(productIdList(), ['1', 'x', 0])).toEqual({ 'field[1]': ['must be an integer'], 'field[2]': ['must be at least 1'] });
  });
});

describe('oneOf', () => {
  const status = oneOf(['active', 'hidden', 'coming soon']);

  it('reads the words case-insensitively and trimmed', () => {
    expect(check(status, 'Coming Soon ')).toBe('coming soon');
    expect(check(status, 'HIDDEN')).toBe('hidden');
  });

  it('lists the allowed words otherwise', () => {
    expect(check(status, 'archived')).toEqual({ field: ['must be one of: active, hidden, coming soon'] });
  });
});
