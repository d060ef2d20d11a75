import { classifyAttempt, judgeAttempt } from './attempt-outcome';
import { HOUR, RETRY_WINDOW_MS, SECOND } from '@commerce/delivery';

const FIRST = new Date('2026-06-01T00:00:00Z');

describe('classifyAttempt', () => {
  it.each([
    [{ status_code: 200 }, 'delivered'],
    [{ status_code: 204 }, 'delivered'],
    [{ status_code: 299, delivery_header: 'abort-message' }, 'delivered'],
    [{ status_code: 410 }, 'gone'],
    [{ status_code: 400, delivery_header: 'abort-message' }, 'aborted'],
    [{ status_code: 500, delivery_header: ' Abort-Message ' }, 'aborted'],
    [{ status_code: 500 }, 'retry'],
    [{ status_code: 301 }, 'retry'],
    [{ status_code: 404 }, 'retry'],
    [{ error: 'timed out after 15000 ms' }, 'retry'],
    [{ error: 'refused: a loopback address (127.0.0.1)' }, 'retry'],
  ] as const)('%j is %s', (result, outcome) => {
    expect(classifyAttempt(result)).toBe(outcome);
  });
});

describe('judgeAttempt (the outcome table)', () => {
  const judge = (result: Parameters<typeof judgeAttempt>[0], now = FIRST, seriesAttempts = 0) =>
    judgeAttempt(result, FIRST, seriesAttempts, now, () => 0.5);

  it('ends a delivered, aborted or gone job, and says why it did not end delivered', () => {
    expect(judge({ status_code: 204 })).toEqual({ outcome: 'delivered', status: 'delivered', last_error: null, next_attempt_at: null });
    expect(judge({ status_code: 422, delivery_header: 'abort-message' })).toEqual({
      outcome: 'aborted',
      status: 'aborted',
      last_error: 'the receiver answered 422 with webhook-delivery: abort-message',
      next_attempt_at: null,
    });
    expect(judge({ status_code: 410 })).toEqual({
      outcome: 'gone',
      status: 'failed',
      last_error: 'the receiver answered 410 Gone: the webhook is disabled',
      next_attempt_at: null,
    });
  });

  it('keeps a retried job pending until the schedule, then fails it once no attempt is left', () => {
    expect(judge({ error: 'timed out after 15000 ms' })).toEqual({
      outcome: 'retry',
      status: 'pending',
      last_error: 'timed out after 15000 ms',
      next_attempt_at: new Date(FIRST.getTime() + 5 * SECOND),
    });
    const late = new Date(FIRST.getTime() + RETRY_WINDOW_MS - HOUR);
    // The 11th attempt's retry would wait 12 h: past the 3 days.
    expect(judge({ status_code: 500 }, late, 10)).toEqual({
      outcome: 'failed',
      status: 'failed',
      last_error: 'the receiver answered 500; no attempt left (3 days since the first)',
      next_attempt_at: null,
    });
  });
});
