import { upsertSeedFilter } from './upsert-seed-filter';

describe('upsertSeedFilter', () => {
  it('leaves a filter of plain equalities as it is', () => {
    const filter = { id: 1, sku: 'A', createdAt: new Date(0), dims: { widthMm: 1 } };

    expect(upsertSeedFilter(filter)).toEqual(filter);
  });

  it('moves operator conditions under $and, next to any $and already there', () => {
    expect(upsertSeedFilter({ id: 1, priceCents: { $gt: 5 }, $and: [{ a: 1 }], $or: [{ b: 1 }] })).toEqual({
      id: 1,
      $or: [{ b: 1 }],
      $and: [{ priceCents: { $gt: 5 } }, { a: 1 }],
    });
  });
});
