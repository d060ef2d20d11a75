import type { Collection, Doc } from './collection.port';
import { DuplicateKeyError } from './duplicate-key.error';

export const COUNTERS_COLLECTION = 'counters';

interface CounterDoc extends Doc {
  name: string;
  seq: number;
}

/** nextId for any engine: one `{ name, seq }` row per counter, bumped with findOneAndUpdate + $inc. */
export function counterSequence(counters: Collection<CounterDoc>): (counter: string) => Promise<number> {
  let indexReady: Promise<void> | undefined;
  const ensureIndex = (): Promise<void> =>
    (indexReady ??= counters.createIndex({ name: 1 }, { unique: true }).catch((err: unknown) => {
      indexReady = undefined;
      throw err;
    }));

  return async (counter) => {
    await ensureIndex();
    for (let attempt = 1; ; attempt += 1) {
      try {
        const row = await counters.findOneAndUpdate({ name: counter }, { $inc: { seq: 1 } }, { upsert: true, returnDocument: 'after' });
        if (!row) throw new Error(`Counter ${counter} was not returned after upsert`);
        return row.seq;
      } catch (err) {
        // Two first-ever upserts of one counter can race on MongoDB; the loser retries and then matches the row.
        if (err instanceof DuplicateKeyError && attempt < 3) continue;
        throw err;
      }
    }
  };
}
