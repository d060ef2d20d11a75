import type { Doc, Filter, FindOptions } from '../../collection.port';

/** Deterministic pseudo-random numbers (mulberry32), so a failing seed can be replayed. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export type Random = () => number;

export const pick = <V>(random: Random, values: readonly V[]): V => values[Math.floor(random() * values.length)];

const DAY_MS = 86_400_000;
const day = (n: number) => new Date(Date.UTC(2024, 0, 1) + n * DAY_MS);

/** A value of mixed type, as a sloppy writer might leave in an indexed field: mostly numbers, also strings, Dates, null, booleans. */
function mixedValue(random: Random): unknown {
  return pick(random, [
    () => Math.floor(random() * 6),
    () => Math.floor(random() * 6),
    () => `s${Math.floor(random() * 4)}`,
    () => day(Math.floor(random() * 6) - 2),
    () => null,
    () => random() < 0.5,
  ])();
}

/** Catalog-shaped documents with a unique `id`; some miss `status` or `rank`, `rank` mixes types. */
export function randomDocument(random: Random, id: number): Doc {
  const doc: Doc = { id, storeId: 1 + Math.floor(random() * 3), deleted: random() < 0.2 };
  if (random() < 0.85) doc.status = pick(random, ['active', 'draft', 'archived']);
  if (random() < 0.85) doc.rank = mixedValue(random);
  doc.updatedAt = day(Math.floor(random() * 20) - 10);
  return doc;
}

const rangeOperand = (random: Random): unknown => pick(random, [Math.floor(random() * 6), `s${Math.floor(random() * 4)}`, day(Math.floor(random() * 6) - 2)]);

/** A range condition on `field`: one or two bounds, sometimes with an extra `$ne` the index cannot express. */
function randomRange(random: Random, operand: () => unknown): Record<string, unknown> {
  const condition: Record<string, unknown> = {};
  if (random() < 0.7) condition[pick(random, ['$gt', '$gte'])] = operand();
  if (random() < 0.7 || Object.keys(condition).length === 0) condition[pick(random, ['$lt', '$lte'])] = operand();
  if (random() < 0.15) condition.$ne = operand();
  return condition;
}

export function randomFilter(random: Random): Filter {
  const filter: Filter = {};
  if (random() < 0.8) filter.storeId = 1 + Math.floor(random() * 3);
  if (random() < 0.7) filter.deleted = random() < 0.3;
  if (random() < 0.4) filter.status = pick(random, ['active', 'draft', 'archived']);
  if (random() < 0.3) filter.rank = random() < 0.5 ? randomRange(random, () => rangeOperand(random)) : mixedValue(random) ?? 1;
  if (random() < 0.3) filter.id = randomRange(random, () => Math.floor(random() * 120));
  if (random() < 0.2) filter.updatedAt = randomRange(random, () => day(Math.floor(random() * 20) - 10));
  if (random() < 0.1) filter.$or = [{ status: 'draft' }, { id: { $lt: 40 } }];
  return filter;
}

/** Sorts end with the unique `id`, so every engine must return the same order. */
export function randomFindOptions(random: Random): FindOptions {
  const sort = pick<Record<string, 1 | -1>>(random, [
    { id: 1 },
    { id: -1 },
    { status: 1, id: 1 },
    { status: -1, id: -1 },
    { rank: 1, id: 1 },
    { rank: -1, id: -1 },
    { updatedAt: -1, id: -1 },
    { storeId: 1, deleted: 1, id: 1 },
    { status: 1, id: -1 },
  ]);
  return { sort, skip: pick(random, [0, 0, 3, 15]), limit: pick(random, [0, 1, 5, 20]) };
}
