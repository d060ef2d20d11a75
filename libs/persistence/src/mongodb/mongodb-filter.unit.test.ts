import { literalPattern, toMongoFilter } from './mongodb-filter';

describe('toMongoFilter', () => {
  it('makes $contains a $regex of the escaped text, in $or and $and too, beside the other operators', () => {
    expect(
      toMongoFilter({
        store_id: 1,
        name: { $contains: '100% (a.b)*', $gte: '' },
        $or: [{ sku: { $contains: 'x|y' } }, { id: 3 }],
        $and: [{ note: { $contains: '[z]' } }],
      }),
    ).toEqual({
      store_id: 1,
      name: { $gte: '', $regex: '100% \\(a\\.b\\)\\*' },
      $or: [{ sku: { $regex: 'x\\|y' } }, { id: 3 }],
      $and: [{ note: { $regex: '\\[z\\]' } }],
    });
  });

  it('answers a filter without $contains as it is', () => {
    const filter = { store_id: 1, id: { $gt: 5 }, $or: [{ a: 1 }] };
    expect(toMongoFilter(filter)).toBe(filter);
  });
});

describe('literalPattern', () => {
  it.each(['a.b', '.*', '(a+)+$', '^x', 'a|b', '[^a]', '{2}', 'back\\slash', '100%_', 'é?'])(
    'matches %p literally and nothing else',
    (text) => {
      const pattern = new RegExp(literalPattern(text));
      expect(pattern.test(`before ${text} after`)).toBe(true);
      expect(pattern.test(text.split('').reverse().join('') === text ? 'zzz' : text.split('').reverse().join(''))).toBe(false);
    },
  );
});
