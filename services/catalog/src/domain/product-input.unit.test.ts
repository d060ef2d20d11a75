import { aProductRecord } from './catalog.fixture';
import {
  applyProductChanges,
  decimalPriceCents,
  newProductInput,
  normalizePhotoUrls,
  normalizeProductChanges,
  normalizeTags,
  productFieldViolations,
  productRecordFields,
} from './product-input';
import { rankFor, type ProductRecord } from './product';

describe('productFieldViolations', () => {
  it('accepts a minimal create', () => {
    expect(productFieldViolations({ name: 'Tea', cents: 0 }, { name: true })).toEqual({});
  });

  it('requires a name on create but not on update', () => {
    expect(productFieldViolations({}, { name: true })).toEqual({ name: ["can't be blank"] });
    expect(productFieldViolations({}, { name: false })).toEqual({});
  });

  it.each([
    ['zero-width characters', '\u200b\u200c\u200d'],
    ['control characters', '\u0000\u0007\u001b'],
    ['a BOM, a word joiner and a bidirectional override', '\ufeff\u2060\u202e'],
    ['spaces of every kind', ' \u00a0\u3000\t'],
  ])('calls a name of only %s blank', (_what, name) => {
    expect(productFieldViolations({ name }, { name: false })).toEqual({ name: ["can't be blank"] });
    expect(productFieldViolations({ name: `Tea${name}` }, { name: false })).toEqual({});
  });

  it('names each bad field as the API spells it', () => {
    expect(
      productFieldViolations(
        {
          name: 'x'.repeat(256),
          cents: 1.5,
          status: 'gone',
          position: 'left',
          photo_urls: ['javascript:alert(1)'],
          shipping_group_id: -1,
          tag_list: ['t'.repeat(101)],
        },
        { name: true },
      ),
    ).toEqual({
      name: ['is too long (maximum is 255 characters)'],
      cents: ['must be an integer'],
      status: ['must be one of: active, hidden, coming soon'],
      position: ['must be one of: top, bottom'],
      'photos[0]': ['must be an http or https URL'],
      shipping_group_id: ['must be a shipping group id'],
      tag_list: ['has a tag that is too long (maximum is 100 characters)'],
    });
  });

  it('allows up to five photos', () => {
    const urls = (count: number) => Array.from({ length: count }, (_, n) => `https://img.example.com/${n}.jpg`);
    expect(productFieldViolations({ photo_urls: urls(5) }, { name: false })).toEqual({});
    expect(productFieldViolations({ photo_urls: urls(6) }, { name: false })).toEqual({ photos: ['must have at most 5 items'] });
    expect(productFieldViolations({ photo_urls: [...urls(5), 'not a url'] }, { name: false })).toEqual({
      photos: ['must have at most 5 items'],
    });
  });

  it('names each photo that is not an absolute http(s) URL by its index', () => {
    const url = 'https://img.example.com/1.jpg';
    expect(
      productFieldViolations(
        { photo_urls: [url, 'not a url', 'ftp://img.example/x.jpg', 'javascript:alert(1)', ' http://a.example/b.jpg '] },
        { name: false },
      ),
    ).toEqual({
      'photos[1]': ['must be an http or https URL'],
      'photos[2]': ['must be an http or https URL'],
      'photos[3]': ['must be an http or https URL'],
    });
    expect(productFieldViolations({ photo_urls: ['https://'] }, { name: false })).toEqual({
      'photos[0]': ['must be an http or https URL'],
    });
  });

  it('bounds every photo URL at 2048 characters, measured as stored (trimmed)', () => {
    const urlOf = (length: number) => 'https://img.example.com/' + 'a'.repeat(length - 'https://img.example.com/'.length);
    expect(productFieldViolations({ photo_urls: [urlOf(2_048), ` ${urlOf(2_048)} `] }, { name: false })).toEqual({});
    expect(productFieldViolations({ photo_urls: [urlOf(2_048), urlOf(2_049), 'x'.repeat(1_000_000)] }, { name: false })).toEqual({
      'photos[1]': ['is too long (maximum is 2048 characters)'],
      'photos[2]': ['is too long (maximum is 2048 characters)'],
    });
  });

  it('bounds every free-text field: name 255, description 65535, shipping_notes 5000, tags 100 of 100', () => {
    const atLimit = {
      name: 'n'.repeat(255),
      description: 'd'.repeat(65_535),
      shipping_notes: 's'.repeat(5_000),
      tag_list: Array.from({ length: 100 }, (_, n) => `${n}`.padEnd(100, 't')),
    };
    expect(productFieldViolations(atLimit, { name: true })).toEqual({});
    expect(
      productFieldViolations(
        {
          name: 'n'.repeat(256),
          description: 'd'.repeat(65_536),
          shipping_notes: 's'.repeat(5_001),
          tag_list: Array.from({ length: 101 }, (_, n) => `tag ${n}`),
        },
        { name: true },
      ),
    ).toEqual({
      name: ['is too long (maximum is 255 characters)'],
      description: ['is too long (maximum is 65535 characters)'],
      shipping_notes: ['is too long (maximum is 5000 characters)'],
      tag_list: ['has too many tags (maximum is 100)'],
    });
  });

  it('refuses a negative price', () => {
    expect(productFieldViolations({ cents: -1 }, { name: false })).toEqual({ cents: ['must be at least 0'] });
  });

  it('bounds the price at 1,000,000,000 cents (10,000,000.00), the most that renders exactly as cents / 100', () => {
    expect(productFieldViolations({ cents: 1_000_000_000 }, { name: false })).toEqual({});
    expect(productFieldViolations({ cents: 1_000_000_001 }, { name: false })).toEqual({ cents: ['must be at most 1000000000'] });
    expect(productFieldViolations({ cents: Number.MAX_SAFE_INTEGER }, { name: false })).toEqual({ cents: ['must be at most 1000000000'] });
  });

  it('keeps prices where cents / 100 prints as the exact decimal amount (the largest safe integer does not)', () => {
    const decimal = (cents: number) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`.replace(/\.?0+$/, '');
    for (const cents of [1_000_000_000, 999_999_999, 123_456_789, 100_000_001, 1]) expect(String(cents / 100)).toBe(decimal(cents));
    expect(String(Number.MAX_SAFE_INTEGER / 100)).toBe('90071992547409.9');
  });

  it('reads status and position case-insensitively and trimmed, naming the words it takes otherwise', () => {
    expect(productFieldViolations({ status: 'Coming Soon ', position: ' TOP' }, { name: false })).toEqual({});
    expect(productFieldViolations({ status: 'archived', position: 'middle' }, { name: false })).toEqual({
      status: ['must be one of: active, hidden, coming soon'],
      position: ['must be one of: top, bottom'],
    });
    expect(productFieldViolations({ status: '' }, { name: false })).toEqual({ status: ['must be one of: active, hidden, coming soon'] });
  });
});

describe('normalizing input', () => {
  it('trims, lowercases the status and cleans tags', () => {
    expect(normalizeTags([' a', 'b ', '', 'A', 'c'])).toEqual(['a', 'b', 'c']);
    expect(normalizeProductChanges({ name: ' Tea ', status: ' Coming Soon' })).toEqual({ name: 'Tea', status: 'coming soon' });
  });

  it('gives a new product its defaults: taxable unless it says otherwise', () => {
    expect(newProductInput({ name: 'Tea', cents: 1 })).toMatchObject({ description: '', status: 'active', taxable: true, tag_list: [] });
    expect(newProductInput({ name: 'Tea', cents: 1, taxable: false }).taxable).toBe(false);
    expect(normalizeProductChanges({ taxable: false, position: 'top' })).toEqual({ taxable: false });
  });

  it('reads a product stored before a field existed as that field default, and changes nothing to set it', () => {
    const { taxable: _taxable, ...stored } = aProductRecord();
    expect(productRecordFields.read(stored).taxable).toBe(true);
    expect(applyProductChanges(stored as ProductRecord, { taxable: true })).toBeNull();
    expect(applyProductChanges(stored as ProductRecord, { taxable: false })).toMatchObject({ taxable: false });
  });

  it('makes a blank status active on create', () => {
    const input = newProductInput({ ...aProductRecord(), status: '', tag_list: ['x', ' x'] });
    expect(input).toMatchObject({ status: 'active', tag_list: ['x'] });
  });

  it('trims photo URLs, and keeps an absent list absent (an update without photos keeps them)', () => {
    expect(normalizePhotoUrls([' https://a.example/x.jpg '])).toEqual(['https://a.example/x.jpg']);
    expect(normalizePhotoUrls(undefined)).toBeUndefined();
  });

  it('takes a protocol-relative URL, as the photo object shows one (which photo it keeps is decided against the product)', () => {
    const urls = [`//api.example.com/media/${'a'.repeat(64)}/large`, '//cdn.example/x.jpg', '//'];
    expect(productFieldViolations({ photo_urls: urls }, { name: false })).toEqual({
      'photos[2]': ['must be an http or https URL'],
    });
  });
});

describe('applyProductChanges', () => {
  it('answers null when nothing differs, so nothing is written', () => {
    const product = aProductRecord({ tag_list: ['a'] });
    expect(applyProductChanges(product, { name: 'Green Tea', tag_list: ['a'] })).toBeNull();
  });

  it('applies only the fields that differ', () => {
    const changed = applyProductChanges(aProductRecord(), { cents: 1200, on_sale: true });
    expect(changed).toMatchObject({ cents: 1200, on_sale: true, name: 'Green Tea' });
  });
});

describe('rankFor', () => {
  it('puts top before the first and bottom after the last', () => {
    expect(rankFor('top', { first: 3, last: 9 })).toBe(2);
    expect(rankFor('bottom', { first: 3, last: 9 })).toBe(10);
    expect(rankFor('top', {})).toBe(1);
    expect(rankFor('bottom', {})).toBe(1);
  });
});

describe('decimalPriceCents (docs/catalog.md#price-input)', () => {
  it.each([
    ['19.99', 'USD', 1999],
    ['1999', 'JPY', 1999],
    ['1.5', 'KWD', 1500],
    [' 25 ', 'EUR', 2500],
    ['10000000', 'USD', 1_000_000_000],
    ['1000000000', 'JPY', 1_000_000_000],
  ])('reads %p in %s as %i cents', (text, currency, cents) => {
    expect(decimalPriceCents('price', text, currency)).toEqual({ cents, violations: {} });
  });

  it.each([
    ['19.5', 'JPY', 'has more decimal places than JPY allows (0)'],
    ['19.999', 'USD', 'has more decimal places than USD allows (2)'],
    ['1.2345', 'KWD', 'has more decimal places than KWD allows (3)'],
    ['-1', 'USD', 'must be at least 0'],
    ['1e3', 'USD', 'must be a decimal amount such as 19.99'],
    [' ', 'USD', 'must be a decimal amount such as 19.99'],
    ['10000000.01', 'USD', 'must be at most 10000000.00'],
    ['1000000001', 'JPY', 'must be at most 1000000000'],
    ['1000000.001', 'KWD', 'must be at most 1000000.000'],
    ['9'.repeat(400), 'USD', 'is too large'],
  ])('refuses %p in %s under the field it came in', (text, currency, message) => {
    expect(decimalPriceCents('override_price', text, currency)).toEqual({ violations: { override_price: [message] } });
  });
});
