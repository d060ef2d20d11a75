import type { Doc } from '../src/collection.port';
import { describeCollectionContract } from './collection-contract.fixture';

interface Buyer extends Doc {
  id: number;
  store: number;
  email: unknown;
  tags?: string[];
}

/** E-mails whose characters are LIKE wildcards, regular expression syntax, or letters beyond ASCII. */
const BUYERS: Buyer[] = [
  { id: 1, store: 1, email: 'Ann.Lee@Example.com', tags: ['red'] },
  { id: 2, store: 1, email: 'bob_smith@example.org', tags: ['green', 'blue'] },
  { id: 3, store: 1, email: 'carol%50@x.io' },
  { id: 4, store: 2, email: 'dave.(x)+1@y.com' },
  { id: 5, store: 2, email: 'Émile[a-z]*@ÉCOLE.fr' },
  { id: 6, store: 2, email: 'back\\slash^$|?{2}@z.net' },
  { id: 7, store: 2, email: 1234 },
  { id: 8, store: 1, email: ['list@example.com'] },
];

describeCollectionContract((context) => {
  const buyers = () => context.db().collection<Buyer>('buyers');
  const matching = async (text: string, extra: Doc = {}) =>
    (await buyers().find({ ...extra, email: { $contains: text } }, { sort: { id: 1 } })).map((buyer) => buyer.id);

  describe('$contains: text inside a string field, ASCII letters in any case, every other character as written', () => {
    beforeEach(async () => {
      await buyers().insertMany(BUYERS);
    });

    it('matches a part of the string whatever the case of its ASCII letters', async () => {
      expect(await matching('ann.lee')).toEqual([1]);
      expect(await matching('EXAMPLE')).toEqual([1, 2, 8]);
      expect(await matching('@')).toEqual([1, 2, 3, 4, 5, 6, 8]);
    });

    it('takes LIKE wildcards and regular expression syntax literally', async () => {
      expect(await matching('%')).toEqual([3]);
      expect(await matching('_')).toEqual([2]);
      expect(await matching('.(x)+')).toEqual([4]);
      expect(await matching('[a-z]*')).toEqual([5]);
      expect(await matching('\\slash^$|?{2}')).toEqual([6]);
      expect(await matching('.*')).toEqual([]);
      expect(await matching('a.e')).toEqual([]);
      expect(await matching('b.b')).toEqual([]);
    });

    it('compares letters beyond ASCII exactly', async () => {
      expect(await matching('ÉCOLE')).toEqual([5]);
      expect(await matching('école')).toEqual([]);
      expect(await matching('émile')).toEqual([]);
    });

    it('never matches a number, and matches an array by any of its strings', async () => {
      expect(await matching('23')).toEqual([]);
      // 'red' and 'green'
      expect((await buyers().find({ tags: { $contains: 'RE' } }, { sort: { id: 1 } })).map((buyer) => buyer.id)).toEqual([1, 2]);
      expect(await matching('list@')).toEqual([8]);
    });

    it('combines with other conditions, in counts and pages alike', async () => {
      expect(await matching('example', { store: 1, id: { $lt: 8 } })).toEqual([1, 2]);
      expect(await buyers().count({ store: 2, email: { $contains: '@' } })).toBe(3);
      const page = await buyers().find({ email: { $contains: 'E' } }, { sort: { id: -1 }, limit: 2 });
      expect(page.map((buyer) => buyer.id)).toEqual([8, 6]);
    });

    it('refuses an operand that is not a string', async () => {
      await expect(buyers().find({ email: { $contains: 12 } })).rejects.toThrow(TypeError);
      await expect(buyers().count({ email: { $contains: /x/ } })).rejects.toThrow(TypeError);
    });
  });
});
