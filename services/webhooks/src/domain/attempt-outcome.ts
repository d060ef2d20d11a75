// What one delivery attempt came to (docs/webhooks.md#answers-retries-and-their-end), and the outcome table: what each outcome makes of its
// job.
import { nextAttemptAt } from '@commerce/delivery';
import type { DeliveryStatus } from './delivery';

/** What a receiver answered, or why there was no answer (refused address, DNS, timeout, connection). */
export interface AttemptResult {
  status_code?: number;
  /** The receiver's `webhook-delivery` response header, if any. */
  delivery_header?: string;
  error?: string;
}

/**
 * What one attempt came to; also the `outcome` label of the delivery metrics. delivered: any 2xx. gone: 410 Gone
 * (the receiver is gone: the webhook is disabled). aborted: the receiver answered `webhook-delivery: abort-message`
 * (this message is not retried). retry: anything else, 3xx included (redirects are not followed), timeouts and
 * refused addresses too, while the retry schedule leaves an attempt; failed: the same with none left.
 */
export type AttemptOutcome = 'delivered' | 'retry' | 'failed' | 'aborted' | 'gone';

/** The outcome the answer alone gives: whether a retry is left (else failed) is the schedule's to say (judgeAttempt). */
export function classifyAttempt(result: AttemptResult): Exclude<AttemptOutcome, 'failed'> {
  const status = result.status_code;
  if (status !== undefined && status >= 200 && status < 300) return 'delivered';
  if (status === 410) return 'gone';
  if (status !== undefined && result.delivery_header?.trim().toLowerCase() === 'abort-message') return 'aborted';
  return 'retry';
}

const describe = (result: AttemptResult): string => result.error ?? `the receiver answered ${result.status_code}`;

/** The outcome table: the job's status after an attempt of each outcome (pending: it goes again) and its last error. */
export const OUTCOMES: Readonly<Record<AttemptOutcome, { status: DeliveryStatus; lastError: (result: AttemptResult) => string | null }>> = {
  delivered: { status: 'delivered', lastError: () => null },
  retry: { status: 'pending', lastError: describe },
  failed: { status: 'failed', lastError: (result) => `${describe(result)}; no attempt left (3 days since the first)` },
  aborted: { status: 'aborted', lastError: (result) => `the receiver answered ${result.status_code} with webhook-delivery: abort-message` },
  gone: { status: 'failed', lastError: () => 'the receiver answered 410 Gone: the webhook is disabled' },
};

/** What an attempt decides: its outcome, the job's new status and last error, and when the next attempt is due (retry only). */
export interface AttemptVerdict {
  outcome: AttemptOutcome;
  status: DeliveryStatus;
  last_error: string | null;
  next_attempt_at: Date | null;
}

/**
 * The verdict on an attempt made at `now` in a series that began at `firstAttemptAt` after `seriesAttempts` attempts:
 * a retry is due on the schedule, or the delivery has failed when the next attempt would fall outside its window.
 */
export function judgeAttempt(
  result: AttemptResult,
  firstAttemptAt: Date,
  seriesAttempts: number,
  now: Date,
  random: () => number,
): AttemptVerdict {
  const answered = classifyAttempt(result);
  const next = answered === 'retry' ? nextAttemptAt(firstAttemptAt, seriesAttempts + 1, now, random) : null;
  const outcome = answered === 'retry' && !next ? 'failed' : answered;
  return { outcome, status: OUTCOMES[outcome].status, last_error: OUTCOMES[outcome].lastError(result), next_attempt_at: next };
}

/** The reason a 410 gives a webhook it disables. */
export const goneReason = (at: Date): string => `disabled after the receiver answered 410 Gone at ${at.toISOString()}`;
