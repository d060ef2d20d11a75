import type { webhooks } from '@commerce/contracts';
import { formatTimestamp } from '../timestamp';

const timestampOrNull = (instant: Date | undefined, timeZone: string): string | null =>
  instant ? formatTimestamp(instant, timeZone) : null;

/** One attempt of a delivery: `{attempt, status_code, duration_ms, error, attempted_at, next_attempt_at}` (null where absent). */
export function presentDeliveryAttempt(attempt: webhooks.DeliveryAttempt, timeZone: string) {
  return {
    id: attempt.id,
    attempt: attempt.attempt,
    status_code: attempt.status_code ?? null,
    succeeded: attempt.succeeded,
    duration_ms: attempt.duration_ms,
    error: attempt.error === '' ? null : attempt.error,
    attempted_at: timestampOrNull(attempt.attempted_at, timeZone),
    next_attempt_at: timestampOrNull(attempt.next_attempt_at, timeZone),
  };
}

/**
 * One event to one webhook (GET /v1/webhooks/:id/deliveries): its status (pending, delivered, failed, aborted,
 * canceled), its attempts oldest first, when the next is due (null once final) and why it ended when not delivered.
 */
export function presentDelivery(delivery: webhooks.Delivery, timeZone: string) {
  return {
    id: delivery.id,
    webhook_id: delivery.webhook_id,
    event_id: delivery.event_id,
    topic: delivery.topic,
    status: delivery.status,
    attempts: delivery.attempts.map((attempt) => presentDeliveryAttempt(attempt, timeZone)),
    next_attempt_at: timestampOrNull(delivery.next_attempt_at, timeZone),
    last_error: delivery.last_error ?? null,
    created_at: timestampOrNull(delivery.created_at, timeZone),
    updated_at: timestampOrNull(delivery.updated_at, timeZone),
  };
}

export type DeliveryJson = ReturnType<typeof presentDelivery>;
