import { retryAfterMsOf, retryDelayMs, retryPolicyOf } from '../src/retry-policy';

const POLICY = retryPolicyOf({ baseDelayMs: 500, maxDelayMs: 30_000 });
const NOW = Date.parse('2026-03-01T12:00:00Z');

describe('Retry-After (docs/api-conventions.md#rate-limits)', () => {
  it('reads delay-seconds and an HTTP date; a past date is now; anything else is not there', () => {
    expect(retryAfterMsOf('5', NOW)).toBe(5_000);
    expect(retryAfterMsOf(' 0 ', NOW)).toBe(0);
    expect(retryAfterMsOf('Sun, 01 Mar 2026 12:00:07 GMT', NOW)).toBe(7_000);
    expect(retryAfterMsOf('Sun, 01 Mar 2026 11:00:00 GMT', NOW)).toBe(0);
    expect(retryAfterMsOf('soon', NOW)).toBeUndefined();
    expect(retryAfterMsOf(null, NOW)).toBeUndefined();
  });
});

describe('the wait before a retry', () => {
  it('waits what Retry-After asks, plus at most one base delay of jitter, and never less', () => {
    expect(retryDelayMs(0, 2_000, POLICY, () => 0)).toBe(2_000);
    expect(retryDelayMs(0, 2_000, POLICY, () => 0.999)).toBe(2_499);
    expect(retryDelayMs(2, 0, POLICY, () => 0.5)).toBe(250);
  });

  it('refuses to wait when Retry-After is past the cap (the call throws instead)', () => {
    expect(retryDelayMs(0, 30_001, POLICY, () => 0)).toBeUndefined();
    expect(retryDelayMs(0, 30_000, POLICY, () => 0.9)).toBe(30_000);
  });

  it('without Retry-After: full jitter under a ceiling that doubles each retry up to the cap', () => {
    const ceilings = [0, 1, 2, 3, 6, 7, 20].map((retry) => retryDelayMs(retry, undefined, POLICY, () => 0.999_999));
    expect(ceilings).toEqual([499, 999, 1_999, 3_999, 29_999, 29_999, 29_999]);
    expect(retryDelayMs(3, undefined, POLICY, () => 0)).toBe(0);
  });

  it('takes the defaults for what the options leave out: 3 retries, 500 ms, 30 s', () => {
    expect(retryPolicyOf({ maxRetries: 5, baseDelayMs: undefined })).toEqual({ maxRetries: 5, baseDelayMs: 500, maxDelayMs: 30_000 });
  });
});
