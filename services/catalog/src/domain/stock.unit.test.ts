import { aProductRecord, withVariants } from './catalog.fixture';
import { putBackStock, shortLines, stockLineViolations, takeStock } from './stock';

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

  it('names every short line of the product, in the order given, and takes nothing', () => {
    const product = withVariants(stocked(), 102, 103);
    const lines = [
      { variant_id: 100, quantity: 1 },
      { variant_id: 101, quantity: 7 },
      { variant_id: 102, quantity: 10 },
      { variant_id: 103, quantity: 11 },
      { variant_id: 999, quantity: 1 },
    ];

    expect(takeStock(product, lines)).toEqual({
      refusal: {
        reason: 'INSUFFICIENT_STOCK',
        variant_id: 101,
        requested: 7,
        in_stock: 5,
        also_short: [{ variant_id: 103, requested: 11, in_stock: 10 }],
      },
    });
    expect(product.variants.map(({ in_stock, sold }) => [in_stock, sold])).toEqual([
      [5, 0],
      [5, 0],
      [10, 0],
      [10, 0],
    ]);
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

describe('shortLines', () => {
  it('lists the lines with fewer units than requested and reads only; an unknown variant is not short', () => {
    const product = stocked();

    expect(
      shortLines(product, [
        { variant_id: 101, quantity: 6 },
        { variant_id: 999, quantity: 1 },
        { variant_id: 100, quantity: 5 },
      ]),
    ).toEqual([{ variant_id: 101, requested: 6, in_stock: 5 }]);
    expect(shortLines(product, [{ variant_id: 100, quantity: 5 }])).toEqual([]);
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
