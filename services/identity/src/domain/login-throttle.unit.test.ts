import { retryAfterMs, startsNewWindow } from './login-throttle';

const rule = { maxFailures: 3, windowMs: 60_000 };
const start = new Date('2026-01-01T00:00:00Z');
const at = (ms: number) => new Date(start.getTime() + ms);
const attempt = (failures: number) => ({ key: 'k', failures, window_started_at: start });

describe('login throttle', () => {
  it('lets an account try until it reaches the limit, then until the window ends', () => {
    expect(retryAfterMs(null, rule, start)).toBe(0);
    expect(retryAfterMs(attempt(2), rule, at(1_000))).toBe(0);
    expect(retryAfterMs(attempt(3), rule, at(1_000))).toBe(59_000);
    expect(retryAfterMs(attempt(3), rule, at(60_000))).toBe(0);
  });

  it('starts a new window for the first failure and once the last window is over', () => {
    expect(startsNewWindow(null, rule, start)).toBe(true);
    expect(startsNewWindow(attempt(1), rule, at(59_999))).toBe(false);
    expect(startsNewWindow(attempt(1), rule, at(60_000))).toBe(true);
  });
});
