import { aProductRecord, NOW, withVariants } from './catalog.fixture';
import { liveVariants } from './product';
import {
  applyVariantChanges,
  buyerCents,
  LastVariantError,
  moveVariant,
  newVariantRecord,
  percentAvailable,
  placeVariant,
  removeVariant,
  variantCountViolations,
  variantFieldViolations,
} from './variant';

const order = (product: ReturnType<typeof aProductRecord>) => liveVariants(product).map(({ id, position }) => [id, position]);

describe('stock derived fields', () => {
  it('computes percent available rounded down, 0 without a full quantity, at most 100', () => {
    expect(percentAvailable({ in_stock: 1, full_quantity: 3 })).toBe(33);
    expect(percentAvailable({ in_stock: 5, full_quantity: 0 })).toBe(0);
    expect(percentAvailable({ in_stock: 12, full_quantity: 10 })).toBe(100);
  });

  it('prices a variant at its override only when it has one', () => {
    expect(buyerCents({ has_override_price: true, override_cents: 150 }, 999)).toBe(150);
    expect(buyerCents({ has_override_price: false, override_cents: 150 }, 999)).toBe(999);
  });
});

describe('positions', () => {
  it('appends, or inserts at a position shifting the others, always 1..n', () => {
    const product = withVariants(aProductRecord(), 101);

    expect(order(placeVariant(product, newVariantRecord(102, { name: 'New', full_quantity: 0 }, NOW)))).toEqual([
      [100, 1],
      [101, 2],
      [102, 3],
    ]);
    expect(order(placeVariant(product, newVariantRecord(102, { name: 'New', full_quantity: 0 }, NOW), 1))).toEqual([
      [102, 1],
      [100, 2],
      [101, 3],
    ]);
    expect(order(placeVariant(product, newVariantRecord(102, { name: 'New', full_quantity: 0 }, NOW), 50))).toEqual([
      [100, 1],
      [101, 2],
      [102, 3],
    ]);
  });

  it('moves a variant, clamped to the ends', () => {
    const product = withVariants(aProductRecord(), 101, 102);

    expect(order(moveVariant(product, 102, 1))).toEqual([
      [102, 1],
      [100, 2],
      [101, 3],
    ]);
    expect(order(moveVariant(product, 100, 9))).toEqual([
      [101, 1],
      [102, 2],
      [100, 3],
    ]);
  });
});

describe('removeVariant', () => {
  it('keeps the deleted variant, renumbers the rest and promotes the first to default', () => {
    const product = withVariants(aProductRecord(), 101, 102);

    const after = removeVariant(product, 100, NOW);

    expect(order(after)).toEqual([
      [101, 1],
      [102, 2],
    ]);
    expect(after.default_variant_id).toBe(101);
    expect(after.variants.find(({ id }) => id === 100)).toMatchObject({ deleted: true, deleted_at: NOW });
  });

  it('keeps the default when another variant goes', () => {
    expect(removeVariant(withVariants(aProductRecord(), 101), 101, NOW).default_variant_id).toBe(100);
  });

  it('refuses the last live variant', () => {
    const product = removeVariant(withVariants(aProductRecord(), 101), 100, NOW);
    expect(() => removeVariant(product, 101, NOW)).toThrow(LastVariantError);
  });
});

describe('variant input', () => {
  it('names each bad field', () => {
    expect(
      variantFieldViolations({ name: '', full_quantity: -1, in_stock: 0.5, position: 0, sku: 's'.repeat(300) }, { name: true }),
    ).toEqual({
      name: ["can't be blank"],
      full_quantity: ['must be a whole number, at least 0'],
      in_stock: ['must be a whole number, at least 0'],
      position: ['must be at least 1'],
      sku: ['is too long (maximum is 255 characters)'],
    });
  });

  it('applies only what differs, trimming names and skus', () => {
    const variant = newVariantRecord(5, { name: 'Small', full_quantity: 3, sku: 'A' }, NOW);
    expect(applyVariantChanges(variant, { name: ' Small ', sku: 'A' })).toBeNull();
    expect(applyVariantChanges(variant, { sku: ' B ' })).toMatchObject({ sku: 'B', name: 'Small' });
  });
});

describe('variant override prices', () => {
  it('bounds override_cents at 1,000,000,000 like a product price', () => {
    expect(variantFieldViolations({ has_override_price: true, override_cents: 1_000_000_000 }, { name: false })).toEqual({});
    expect(variantFieldViolations({ override_cents: 1_000_000_001 }, { name: false })).toEqual({
      override_cents: ['must be at most 1000000000'],
    });
    expect(variantFieldViolations({ override_cents: Number.MAX_SAFE_INTEGER }, { name: false })).toEqual({
      override_cents: ['must be at most 1000000000'],
    });
  });
});

describe('variant names', () => {
  it('calls a name of only zero-width or control characters blank', () => {
    expect(variantFieldViolations({ name: '\u200b\u0007\ufeff' }, { name: false })).toEqual({ name: ["can't be blank"] });
    expect(variantFieldViolations({ name: 'Large\u200b' }, { name: false })).toEqual({});
  });
});

describe('variantCountViolations', () => {
  const ids = (count: number) => Array.from({ length: count }, (_, n) => 101 + n);

  it('takes variants up to 100 live ones; deleted ones do not count', () => {
    expect(variantCountViolations(withVariants(aProductRecord(), ...ids(98)))).toEqual({});
    expect(variantCountViolations(withVariants(aProductRecord(), ...ids(99)))).toEqual({ variants: ['must have at most 100 items'] });
    expect(variantCountViolations(removeVariant(withVariants(aProductRecord(), ...ids(99)), 101, NOW))).toEqual({});
  });
});
