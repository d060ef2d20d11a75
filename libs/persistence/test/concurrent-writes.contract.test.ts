import { DuplicateKeyError } from '../src/duplicate-key.error';
import { describeCollectionContract } from './collection-contract.fixture';

interface Row {
  [key: string]: unknown;
  id: number;
  sku: string;
  n?: number;
}

/**
 * Writes issued together (the embedded engine commits them as one group, MongoDB as separate operations): each
 * answers for itself. A failing one takes back only itself, an acknowledged one is there for any read after it
 * and across a reopen, and the atomic operations keep their guarantees inside a group.
 */
describeCollectionContract((context) => {
  const rows = () => context.db().collection<Row>('rows');
  const sorted = (docs: Row[]) => docs.map((doc) => doc.id).sort((a, b) => a - b);

  describe('writes issued together', () => {
    beforeEach(() => rows().createIndex({ sku: 1 }, { unique: true }));

    it('reject only the one that breaks a unique index; the others are stored and stay stored across a reopen', async () => {
      const writes = Array.from({ length: 40 }, (_, i) => rows().insertOne({ id: i + 1, sku: i === 25 ? 'S-3' : `S-${i + 1}` }));

      const results = await Promise.allSettled(writes);

      expect(results.map((result) => result.status === 'rejected')).toEqual(Array.from({ length: 40 }, (_, i) => i === 25));
      expect((results[25] as PromiseRejectedResult).reason).toBeInstanceOf(DuplicateKeyError);
      const expected = Array.from({ length: 40 }, (_, i) => i + 1).filter((id) => id !== 26);
      expect(sorted(await rows().find({}))).toEqual(expected);
      if (!context.reopen) return;
      const reopened = await context.reopen();
      expect(sorted(await reopened.collection<Row>('rows').find({}))).toEqual(expected);
    });

    it('take back the whole of an updateMany that breaks a unique index, and nothing of the writes beside it', async () => {
      await rows().insertMany([
        { id: 1, sku: 'A' },
        { id: 2, sku: 'B' },
      ]);

      const [inserted, renamed, counted] = await Promise.allSettled([
        rows().insertOne({ id: 3, sku: 'C' }),
        rows().updateMany({ id: { $in: [1, 2] } }, { $set: { sku: 'same' } }),
        rows().updateOne({ id: 1 }, { $inc: { n: 1 } }),
      ]);

      expect([inserted.status, renamed.status, counted.status]).toEqual(['fulfilled', 'rejected', 'fulfilled']);
      expect((await rows().find({}, { sort: { id: 1 } })).map(({ id, sku, n }) => ({ id, sku, n }))).toEqual([
        { id: 1, sku: 'A', n: 1 },
        { id: 2, sku: 'B', n: undefined },
        { id: 3, sku: 'C', n: undefined },
      ]);
    });

    it('show an acknowledged write to the read right after it, whatever else is in flight', async () => {
      const others = Array.from({ length: 20 }, (_, i) => rows().insertOne({ id: 100 + i, sku: `O-${i}` }));

      await rows().insertOne({ id: 1, sku: 'mine' });
      const seen = await rows().findOne({ id: 1 });
      await rows().updateOne({ id: 1 }, { $set: { n: 7 } });
      const updated = await rows().findOne({ id: 1 });
      await Promise.all(others);

      expect(seen).toMatchObject({ id: 1, sku: 'mine' });
      expect(updated).toMatchObject({ n: 7 });
    });

    it('keep findOneAndUpdate atomic across the group: conditional claims mixed with inserts take each row once', async () => {
      await rows().insertMany(Array.from({ length: 10 }, (_, i) => ({ id: i + 1, sku: `J-${i + 1}`, n: 0 })));

      const claims = Array.from({ length: 15 }, () => rows().findOneAndUpdate({ n: 0 }, { $set: { n: 1 } }));
      const inserts = Array.from({ length: 10 }, (_, i) => rows().insertOne({ id: 100 + i, sku: `K-${i}`, n: 2 }));
      const [claimed] = await Promise.all([Promise.all(claims), Promise.all(inserts)]);

      const taken = claimed.filter((row): row is Row => row !== null);
      expect(sorted(taken)).toEqual(Array.from({ length: 10 }, (_, i) => i + 1));
      expect(await rows().count({ n: 1 })).toBe(10);
      expect(await rows().count({ n: 2 })).toBe(10);
    });

    it('give concurrent upserts of one key one document, counted once per call', async () => {
      const upserts = await Promise.allSettled(
        Array.from({ length: 10 }, () => rows().updateOne({ sku: 'U' }, { $inc: { n: 1 } }, { upsert: true })),
      );

      // MongoDB may refuse a racing first upsert with a duplicate key (the caller retries); none is lost silently.
      const refused = upserts.filter((result) => result.status === 'rejected');
      for (const result of refused) expect((result as PromiseRejectedResult).reason).toBeInstanceOf(DuplicateKeyError);
      expect(await rows().find({ sku: 'U' })).toEqual([expect.objectContaining({ sku: 'U', n: 10 - refused.length })]);
    });
  });
});
