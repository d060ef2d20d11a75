import { retryAfterMs, windowsOpenSince } from './login-throttle';

const rule = { maxFailures: 3, windowMs: 60_000 };
const start = new Date('2026-01-01T00:00:00Z');
const at = (ms: number) => new Date(start.getTime() + ms);
const counted = (failures: number) => ({ key: 'k', failures, window_started_at: start });

describe('login throttle', () => {
  it('lets the attempts up to the limit through to the password check, and refuses later ones until the window ends', () => {
    expect(retryAfterMs(counted(1), rule, start)).toBe(0);
    expect(retryAfterMs(counted(3), rule, at(1_000))).toBe(0);
    expect(retryAfterMs(counted(4), rule, at(1_000))).toBe(59_000);
    expect(retryAfterMs(counted(40), rule, at(59_999))).toBe(1);
  });

  it('keeps a window open for its length after it started', () => {
    expect(windowsOpenSince(rule, at(60_000))).toEqual(start);
    expect(windowsOpenSince(rule, at(59_999)).getTime()).toBeLessThan(start.getTime());
  });
});
