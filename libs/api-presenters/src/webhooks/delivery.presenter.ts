import type { webhooks } from '@commerce/contracts';
import { formatTimestamp } from '../timestamp';
import { z } from 'zod';
import { id, optionalTimestamp } from '../answer-schema';

const timestampOrNull = (instant: Date | undefined, timeZone: string): string | null =>
  instant ? formatTimestamp(instant, timeZone) : null;

/** What presentDeliveryAttempt renders (the OpenAPI document's `DeliveryAttempt`). */
export const deliveryAttemptJson = z
  .strictObject({
    id: id(),
    attempt: z.number().int(),
    status_code: z.number().int().nullable(),
    succeeded: z.boolean(),
    duration_ms: z.number(),
    error: z.string().nullable(),
    attempted_at: optionalTimestamp(),
    next_attempt_at: optionalTimestamp(),
  })
  .meta({ id: 'DeliveryAttempt' });

export type DeliveryAttemptJson = z.infer<typeof deliveryAttemptJson>;

/** What presentDelivery renders (the OpenAPI document's `Delivery`). */
export const deliveryJson = z
  .strictObject({
    id: id(),
    webhook_id: id(),
    event_id: z.string(),
    topic: z.string(),
    status: z.string().meta({ description: 'pending, delivered, failed, aborted or canceled' }),
    attempts: z.array(deliveryAttemptJson),
    next_attempt_at: optionalTimestamp(),
    last_error: z.string().nullable(),
    created_at: optionalTimestamp(),
    updated_at: optionalTimestamp(),
  })
  .meta({ id: 'Delivery' });

export type DeliveryJson = z.infer<typeof deliveryJson>;

/** One attempt of a delivery: `{attempt, status_code, duration_ms, error, attempted_at, next_attempt_at}` (null where absent). */
export function presentDeliveryAttempt(attempt: webhooks.DeliveryAttempt, timeZone: string): DeliveryAttemptJson {
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
export function presentDelivery(delivery: webhooks.Delivery, timeZone: string): DeliveryJson {
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
