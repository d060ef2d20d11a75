import { aProductRecord, withVariants } from './catalog.fixture';
import { putBackStock, stockLineViolations, takeStock } from './stock';

const stocked = () => {
  const product = withVariants(aProductRecord(), 101);
  return { ...product, variants: product.variants.map((variant) => ({ ...variant, full_quantity: 5, in_stock: 5 })) };
};

describe('takeStock', () => {
  it('takes every line, moving units from in_stock to sold', () => {
    const taken = takeStock(stocked(), [
      { variant_id: 100, quantity: 2 },
      { variant_id: 101, quantity: 5 },
    ]);

    expect('product' in taken && taken.product.variants.map(({ id, in_stock, sold }) => [id, in_stock, sold])).toEqual([
      [100, 3, 2],
      [101, 0, 5],
    ]);
  });

  it('refuses the whole set when one line is short, never going below zero', () => {
    expect(
      takeStock(stocked(), [
        { variant_id: 100, quantity: 1 },
        { variant_id: 101, quantity: 6 },
      ]),
    ).toEqual({ refusal: { reason: 'INSUFFICIENT_STOCK', variant_id: 101, requested: 6, in_stock: 5 } });
  });

  it('refuses a product a buyer cannot order, and a variant it does not have', () => {
    expect(takeStock({ ...stocked(), status: 'hidden' }, [{ variant_id: 100, quantity: 1 }])).toEqual({
      refusal: { reason: 'NOT_PURCHASABLE', variant_id: 100, product_id: 7 },
    });
    expect(takeStock(stocked(), [{ variant_id: 999, quantity: 1 }])).toEqual({ refusal: { reason: 'NOT_FOUND', variant_id: 999 } });
  });

  it('puts back what was taken', () => {
    const taken = takeStock(stocked(), [{ variant_id: 100, quantity: 2 }]);
    const back = putBackStock('product' in taken ? taken.product : stocked(), [{ variant_id: 100, quantity: 2 }]);
    expect(back.variants[0]).toMatchObject({ in_stock: 5, sold: 0 });
  });
});

describe('stockLineViolations', () => {
  it('wants at least one line, positive quantities and each variant once', () => {
    expect(stockLineViolations([])).toEqual({ lines: ['must have at least one line'] });
    expect(
      stockLineViolations([
        { variant_id: 1, quantity: 0 },
        { variant_id: 1, quantity: 2 },
      ]),
    ).toEqual({ 'lines.quantity': ['must be at least 1'], 'lines.variant_id': ['lists variant 1 more than once'] });
  });
});
