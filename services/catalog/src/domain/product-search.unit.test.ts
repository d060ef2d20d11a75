import { aProductRecord, withVariants } from './catalog.fixture';
import { searchTermOf, searchTextOf, searchViolations } from './product-search';

describe('searchTextOf', () => {
  it("is the name and each live variant's SKU, lowercased, one a line; deleted variants and blank SKUs left out", () => {
    const product = withVariants(aProductRecord({ name: 'Green TEA' }), 101, 102, 103);
    const variants = product.variants.map((variant) =>
      variant.id === 101 ? { ...variant, sku: 'GT-L' } : variant.id === 102 ? { ...variant, sku: 'GT-OLD', deleted: true } : variant,
    );

    expect(searchTextOf({ ...product, variants })).toBe('green tea\ngt-l');
  });
});

describe('searchTermOf', () => {
  it('trims and lowercases, with no line break left to join a name to a SKU; blank is no search', () => {
    expect(searchTermOf('  Crème %_ ')).toBe('crème %_');
    expect(searchTermOf('tea\r\nGT')).toBe('tea gt');
    expect(searchTermOf(' \t ')).toBeUndefined();
  });
});

describe('searchViolations', () => {
  it('takes up to 255 characters, as long as a name or a SKU may be', () => {
    expect(searchViolations(`  ${'x'.repeat(255)}  `)).toEqual({});
    expect(searchViolations('x'.repeat(256))).toEqual({ q: ['is too long (maximum is 255 characters)'] });
  });
});
