import { checkField as check } from '../../../http/field-errors.fixture';
import { parseParamString } from '../../../http/params';
import { oneOf, optionalDecimalText, photoUrls, productIdList, tagList } from './catalog.fields';

describe('optionalDecimalText', () => {
  it.each([
    ['19.99', '19.99'],
    [19.99, '19.99'],
    [0.07, '0.07'],
    [5, '5'],
    [' 12.30 ', ' 12.30 '],
    ['19.5', '19.5'],
    ['1999', '1999'],
  ])('passes %p on as the text %p for catalog to read in the store currency', (input, text) => {
    expect(check(optionalDecimalText(), input)).toBe(text);
  });

  it('leaves the rules to catalog: it alone knows the currency (too many decimals, a sign or words go on as sent)', () => {
    expect(['19.999', '-1', 'abc', '1e3'].map((input) => check(optionalDecimalText(), input))).toEqual(['19.999', '-1', 'abc', '1e3']);
  });

  it.each([
    [true, 'must be a decimal amount such as 19.99'],
    [['1'], 'must be a decimal amount such as 19.99'],
    [{ amount: 1 }, 'must be a decimal amount such as 19.99'],
    ['9'.repeat(2_049), 'is too long (maximum is 2048 characters)'],
  ])('refuses the shape %p: %s', (input, message) => {
    expect(check(optionalDecimalText(), input)).toEqual({ field: [message] });
  });

  it('treats a blank form field or null as not given', () => {
    expect(check(optionalDecimalText(), '')).toBeUndefined();
    expect(check(optionalDecimalText(), null)).toBeUndefined();
    expect(check(optionalDecimalText(), undefined)).toBeUndefined();
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
