import { checkField as check } from './field-errors.fixture';
import { z } from 'zod';
import { ValidationError } from '../errors/api-error';
import { blankAsMissing, looseArray, looseBool, looseInt, looseNumber, looseString, parseInput, unixTime } from './coerce';
import { parseParamString } from './params';

describe('looseInt', () => {
  it.each([
    ['1500', 1500],
    [1500, 1500],
    ['-3', -3],
    ['007', 7],
  ])('reads %p as %p', (input, expected) => {
    expect(check(looseInt(), input)).toBe(expected);
  });

  it.each(['12abc', '1.5', 1.5, '', ' 12', '1e3', true, ['1', '2'], '99999999999999999999'])('rejects %p', (input) => {
    expect(check(looseInt(), input)).toEqual({ field: ['must be an integer'] });
  });

  it('says a missing value is required, and honours bounds', () => {
    expect(check(looseInt(), undefined)).toEqual({ field: ['is required'] });
    expect(check(looseInt({ min: 1, max: 250 }), '0')).toEqual({ field: ['must be at least 1'] });
    expect(check(looseInt({ min: 1, max: 250 }), '251')).toEqual({ field: ['must be at most 250'] });
  });

  it('works with optional and default', () => {
    expect(check(looseInt().optional(), undefined)).toBeUndefined();
    expect(check(looseInt().default(50), undefined)).toBe(50);
  });
});

describe('looseNumber', () => {
  it('reads decimals from text and numbers', () => {
    expect(check(looseNumber(), '12.50')).toBe(12.5);
    expect(check(looseNumber(), '.5')).toBe(0.5);
    expect(check(looseNumber(), 3)).toBe(3);
    expect(check(looseNumber({ min: 0 }), '-1')).toEqual({ field: ['must be at least 0'] });
    expect(check(looseNumber(), '12,50')).toEqual({ field: ['must be a number'] });
  });
});

describe('looseBool', () => {
  it.each([
    ['true', true],
    ['TRUE', true],
    ['1', true],
    [true, true],
    [1, true],
    ['false', false],
    ['0', false],
    ['', false],
    [false, false],
    [0, false],
  ])('reads %p as %p', (input, expected) => {
    expect(check(looseBool(), input)).toBe(expected);
  });

  it.each(['yes', 2, 'truthy'])('rejects %p', (input) => {
    expect(check(looseBool(), input)).toEqual({ field: ['must be true or false'] });
  });
});

describe('looseString', () => {
  it('keeps strings and writes numbers as text', () => {
    expect(check(looseString(), 'Tee')).toBe('Tee');
    expect(check(looseString(), 1500)).toBe('1500');
    expect(check(looseString(), 12.5)).toBe('12.5');
    expect(check(looseString(), '')).toBe('');
  });

  it('trims on request and checks lengths', () => {
    expect(check(looseString({ trim: true, min: 1 }), '  ')).toEqual({ field: ["can't be blank"] });
    expect(check(looseString({ trim: true }), ' Tee ')).toBe('Tee');
    expect(check(looseString({ max: 3 }), 'abcd')).toEqual({ field: ['is too long (maximum is 3 characters)'] });
    expect(check(looseString({ min: 3 }), 'ab')).toEqual({ field: ['must be at least 3 characters'] });
  });

  it('gives back free text that arrived looking like JSON', () => {
    const { description } = parseParamString(`description=${encodeURIComponent('["limited", "edition"]')}`);
    expect(check(looseString(), description)).toBe('["limited", "edition"]');
  });

  it('rejects structures that were not text', () => {
    expect(check(looseString(), { a: 1 })).toEqual({ field: ['must be a string'] });
    expect(check(looseString(), undefined)).toEqual({ field: ['is required'] });
  });
});

describe('looseArray', () => {
  it('takes arrays, JSON text and single values', () => {
    expect(check(looseArray(looseString()), ['US', 'CA'])).toEqual(['US', 'CA']);
    expect(check(looseArray(looseString()), '["US","CA"]')).toEqual(['US', 'CA']);
    expect(check(looseArray(looseString()), 'US')).toEqual(['US']);
    expect(check(looseArray(looseString()), 'a,b')).toEqual(['a,b']);
    expect(check(looseArray(looseString()), '')).toEqual([]);
  });

  it('splits comma strings when asked', () => {
    expect(check(looseArray(looseString(), { commaSeparated: true }), 'summer, sale,,new')).toEqual(['summer', 'sale', 'new']);
  });

  it('coerces and names each element', () => {
    expect(check(looseArray(looseInt()), ['1', 2])).toEqual([1, 2]);
    expect(check(looseArray(looseInt()), ['1', 'x'])).toEqual({ 'field[1]': ['must be an integer'] });
    expect(check(looseArray(looseInt(), { max: 1 }), ['1', '2'])).toEqual({ field: ['must have at most 1 items'] });
  });

  it('reads arrays of objects from indexed form names', () => {
    const schema = looseArray(z.object({ shipping_class_id: looseInt(), price_cents: looseInt() }));
    const { rates } = parseParamString('rates[0][shipping_class_id]=3&rates[0][price_cents]=500');
    expect(check(schema, rates)).toEqual([{ shipping_class_id: 3, price_cents: 500 }]);
  });
});

describe('unixTime', () => {
  it('reads unix seconds from text and numbers', () => {
    expect(check(unixTime(), '1700000000')).toEqual(new Date('2023-11-14T22:13:20Z'));
    expect(check(unixTime(), 1700000000.5)).toEqual(new Date(1700000000500));
  });

  it.each(['yesterday', '-5', '2023-11-14', 1e20])('rejects %p', (input) => {
    expect(check(unixTime(), input)).toEqual({ field: ['must be a unix timestamp in seconds'] });
  });
});

describe('blankAsMissing', () => {
  it('treats an empty value or null as not given', () => {
    expect(check(blankAsMissing(looseInt()), '')).toBeUndefined();
    expect(check(blankAsMissing(looseInt()), null)).toBeUndefined();
    expect(check(blankAsMissing(looseInt({ min: 1 }).default(50)), '')).toBe(50);
    expect(check(blankAsMissing(looseInt()), '7')).toBe(7);
    expect(check(blankAsMissing(looseInt()), 'x')).toEqual({ field: ['must be an integer'] });
  });
});

describe('parseInput', () => {
  const storeSchema = z.object({
    name: looseString({ trim: true, min: 1 }),
    subdomain: z.string().min(3).max(20),
    status: z.enum(['active', 'hidden']).optional(),
    owner: z.object({ email: z.email(), login: z.string() }),
    rates: looseArray(z.object({ shipping_class_id: looseInt() })).optional(),
  });

  it('returns the coerced value', () => {
    const params = parseParamString('name=Shop&subdomain=shop&owner[email]=a%40b.co&owner[login]=ann&rates[0][shipping_class_id]=3');
    expect(parseInput(storeSchema, params)).toEqual({
      name: 'Shop',
      subdomain: 'shop',
      owner: { email: 'a@b.co', login: 'ann' },
      rates: [{ shipping_class_id: 3 }],
    });
  });

  it('throws a 422 with every field named the way the client sent it', () => {
    const params = { name: ' ', subdomain: 'ab', status: 'gone', owner: { email: 'nope' }, rates: [{ shipping_class_id: 'x' }] };
    let thrown: unknown;
    try {
      parseInput(storeSchema, params);
    } catch (err) {
      thrown = err;
    }
    expect(thrown).toBeInstanceOf(ValidationError);
    const error = thrown as ValidationError;
    expect(error.status).toBe(422);
    expect(error.fieldErrors).toEqual({
      name: ["can't be blank"],
      subdomain: ['must be at least 3 characters'],
      status: ['must be one of: active, hidden'],
      'owner[email]': ['must be a valid email'],
      'owner[login]': ['is required'],
      'rates[0][shipping_class_id]': ['must be an integer'],
    });
    expect(error.message).toMatch(/^Validation failed: name can't be blank, subdomain must be at least 3 characters/);
  });

  it('puts problems with the whole input under base', () => {
    expect(() => parseInput(z.object({}).strict(), { extra: 1 })).toThrow(
      expect.objectContaining({ fieldErrors: { base: ['unknown parameters: extra'] } }),
    );
    expect(() => parseInput(z.object({ a: z.string() }), 'text')).toThrow(
      expect.objectContaining({ fieldErrors: { base: ['must be an object'] } }),
    );
  });
});
