import { LeakyBucket } from './leaky-bucket';

const T0 = 1_700_000_000_000;

/** Takes `count` requests for `key` at `nowMs`; returns the last answer. */
function takeMany(bucket: LeakyBucket, key: string, count: number, nowMs: number) {
  let last = bucket.take(key, nowMs);
  for (let i = 1; i < count; i++) last = bucket.take(key, nowMs);
  return last;
}

describe('LeakyBucket', () => {
  it('admits a burst up to the capacity, then refuses with a retry delay', () => {
    const bucket = new LeakyBucket({ capacity: 40, leakPerSecond: 2 });
    expect(bucket.take('store:1', T0)).toEqual({ allowed: true, limit: 40, remaining: 39, retryAfterSeconds: 0 });
    expect(takeMany(bucket, 'store:1', 39, T0)).toEqual({ allowed: true, limit: 40, remaining: 0, retryAfterSeconds: 0 });
    expect(bucket.take('store:1', T0)).toEqual({ allowed: false, limit: 40, remaining: 0, retryAfterSeconds: 1 });
  });

  it('drains at the leak rate', () => {
    const bucket = new LeakyBucket({ capacity: 40, leakPerSecond: 2 });
    takeMany(bucket, 'k', 40, T0);
    expect(bucket.take('k', T0 + 400).allowed).toBe(false);
    expect(bucket.take('k', T0 + 500)).toEqual({ allowed: true, limit: 40, remaining: 0, retryAfterSeconds: 0 });
    expect(bucket.remaining('k', T0 + 500 + 5000)).toBe(10);
    expect(bucket.remaining('k', T0 + 60_000)).toBe(40);
  });

  it('tells how long until a request fits at a slow rate', () => {
    const bucket = new LeakyBucket({ capacity: 2, leakPerSecond: 0.25 });
    takeMany(bucket, 'k', 2, T0);
    expect(bucket.take('k', T0).retryAfterSeconds).toBe(4);
    expect(bucket.take('k', T0 + 1500).retryAfterSeconds).toBe(3);
  });

  it('keeps credentials apart', () => {
    const bucket = new LeakyBucket({ capacity: 1, leakPerSecond: 1 });
    expect(bucket.take('store:1', T0).allowed).toBe(true);
    expect(bucket.take('store:1', T0).allowed).toBe(false);
    expect(bucket.take('app:3:user:9', T0).allowed).toBe(true);
  });

  it('applies usage reported by another replica', () => {
    const bucket = new LeakyBucket({ capacity: 40, leakPerSecond: 2 });
    bucket.take('store:1', T0);
    bucket.record('store:1', 30, T0);
    expect(bucket.remaining('store:1', T0)).toBe(9);
    expect(bucket.take('store:1', T0).remaining).toBe(8);
    bucket.record('store:2', 40, T0);
    expect(bucket.take('store:2', T0)).toMatchObject({ allowed: false, retryAfterSeconds: 1 });
  });

  it('fills but never overfills a bucket from remote usage', () => {
    const bucket = new LeakyBucket({ capacity: 40, leakPerSecond: 2 });
    bucket.record('k', 1000, T0);
    expect(bucket.take('k', T0).retryAfterSeconds).toBe(1);
    expect(bucket.take('k', T0 + 20_000).allowed).toBe(true);
  });

  it('ignores nonsense remote usage', () => {
    const bucket = new LeakyBucket({ capacity: 5, leakPerSecond: 1 });
    bucket.record('k', -3, T0);
    bucket.record('k', Number.NaN, T0);
    expect(bucket.remaining('k', T0)).toBe(5);
  });

  it('hands out local usage for broadcasting, once', () => {
    const bucket = new LeakyBucket({ capacity: 2, leakPerSecond: 1, trackLocalUsage: true });
    takeMany(bucket, 'a', 3, T0);
    bucket.take('b', T0);
    bucket.record('c', 2, T0);
    expect(bucket.drainLocalUsage()).toEqual(
      new Map([
        ['a', 2],
        ['b', 1],
      ]),
    );
    expect(bucket.drainLocalUsage()).toEqual(new Map());
  });

  it('does not count local usage unless asked', () => {
    const bucket = new LeakyBucket({ capacity: 2, leakPerSecond: 1 });
    bucket.take('a', T0);
    expect(bucket.drainLocalUsage()).toEqual(new Map());
  });

  it('forgets credentials idle long enough to have drained', () => {
    const bucket = new LeakyBucket({ capacity: 4, leakPerSecond: 2 });
    bucket.take('old', T0);
    bucket.take('recent', T0 + 1000);
    expect(bucket.size).toBe(2);
    bucket.take('new', T0 + 2000);
    expect(bucket.size).toBe(2);
    expect(bucket.remaining('recent', T0 + 2000)).toBe(4);
  });

  it('keeps at most maxKeys credentials, dropping the least recently seen', () => {
    const bucket = new LeakyBucket({ capacity: 10, leakPerSecond: 1, maxKeys: 3 });
    for (const key of ['a', 'b', 'c']) bucket.take(key, T0);
    bucket.take('a', T0 + 1);
    bucket.take('d', T0 + 2);
    expect(bucket.size).toBe(3);
    expect(bucket.remaining('b', T0 + 2)).toBe(10);
    expect(bucket.remaining('a', T0 + 2)).toBe(8);
  });

  it('stays within maxKeys under a flood of distinct credentials', () => {
    const bucket = new LeakyBucket({ capacity: 40, leakPerSecond: 2, maxKeys: 100 });
    for (let i = 0; i < 10_000; i++) bucket.take(`key-${i}`, T0 + i);
    expect(bucket.size).toBe(100);
  });

  it('survives a clock that steps backwards', () => {
    const bucket = new LeakyBucket({ capacity: 2, leakPerSecond: 1 });
    takeMany(bucket, 'k', 2, T0);
    expect(bucket.take('k', T0 - 10_000).allowed).toBe(false);
    expect(bucket.take('k', T0 + 1000).allowed).toBe(true);
  });

  it('refuses an unusable configuration', () => {
    expect(() => new LeakyBucket({ capacity: 0, leakPerSecond: 1 })).toThrow(RangeError);
    expect(() => new LeakyBucket({ capacity: 5, leakPerSecond: 0 })).toThrow(RangeError);
  });
});
