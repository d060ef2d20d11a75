import { HOUR, JITTER, nextAttemptAt, RETRY_DELAYS_MS, RETRY_WINDOW_MS, retryDelayMs, SECOND } from './retry-schedule';

const FIRST = new Date('2026-06-01T00:00:00Z');

describe('retry schedule', () => {
  it('waits 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h, then 12 h', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9, 20].map(retryDelayMs)).toEqual([
      5 * SECOND,
      300 * SECOND,
      1_800 * SECOND,
      2 * HOUR,
      5 * HOUR,
      10 * HOUR,
      10 * HOUR,
      12 * HOUR,
      12 * HOUR,
      12 * HOUR,
    ]);
  });

  it('stays within ±20% of each wait, at both ends of the random range', () => {
    for (let failed = 1; failed <= 9; failed++) {
      const base = retryDelayMs(failed);
      for (const random of [0, 0.5, 0.999999]) {
        const next = nextAttemptAt(FIRST, failed, FIRST, () => random)!;
        const wait = next.getTime() - FIRST.getTime();
        expect(wait).toBeGreaterThanOrEqual(Math.floor(base * (1 - JITTER)));
        expect(wait).toBeLessThanOrEqual(Math.ceil(base * (1 + JITTER)));
      }
    }
    expect(nextAttemptAt(FIRST, 1, FIRST, () => 0)!.getTime() - FIRST.getTime()).toBe(4 * SECOND);
    expect(nextAttemptAt(FIRST, 1, FIRST, () => 0.5)!.getTime() - FIRST.getTime()).toBe(5 * SECOND);
  });

  it('answers null once the next attempt would fall more than 3 days after the first', () => {
    const now = new Date(FIRST.getTime() + RETRY_WINDOW_MS - 11 * HOUR);
    expect(nextAttemptAt(FIRST, 10, now, () => 0)).not.toBeNull(); // 9.6 h later: inside
    expect(nextAttemptAt(FIRST, 10, now, () => 0.999)).toBeNull(); // 14.4 h later: outside
  });

  it('makes about a dozen attempts over the 3 days without jitter', () => {
    let now = FIRST;
    let attempts = 1;
    for (let next = nextAttemptAt(FIRST, attempts, now, () => 0.5); next; next = nextAttemptAt(FIRST, attempts, now, () => 0.5)) {
      now = next;
      attempts++;
    }
    expect(attempts).toBe(1 + RETRY_DELAYS_MS.length + 3);
    expect(now.getTime() - FIRST.getTime()).toBeLessThanOrEqual(RETRY_WINDOW_MS);
  });
});
