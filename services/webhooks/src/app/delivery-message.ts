import type { webhooks } from '@commerce/contracts';
import type { AttemptDocument, DeliveryDocument } from '../infra/delivery.documents';

/** An attempt as the deliveries API answers it; an answer that was no 2xx and carried no error is described. */
export function attemptMessage(attempt: AttemptDocument): webhooks.DeliveryAttempt {
  return {
    id: attempt.id,
    webhook_id: attempt.webhook_id,
    event_id: attempt.event_id,
    topic: attempt.topic,
    attempt: attempt.attempt,
    status_code: attempt.status_code ?? undefined,
    error: attempt.error ?? (attempt.succeeded ? '' : `the receiver answered ${attempt.status_code}`),
    succeeded: attempt.succeeded,
    attempted_at: attempt.attempted_at,
    duration_ms: attempt.duration_ms,
    next_attempt_at: attempt.next_attempt_at ?? undefined,
  };
}

/** A job as the deliveries API answers it: its state and its attempts, oldest first. */
export function deliveryMessage(job: DeliveryDocument): webhooks.Delivery {
  return {
    id: job.id,
    webhook_id: job.webhook_id,
    event_id: job.event_id,
    topic: job.topic,
    status: job.status,
    attempts: job.attempts.map((attempt) => {
      const succeeded = attempt.status_code !== null && attempt.status_code >= 200 && attempt.status_code < 300;
      return attemptMessage({
        ...attempt,
        delivery_id: job.id,
        webhook_id: job.webhook_id,
        store_id: job.store_id,
        event_id: job.event_id,
        topic: job.topic,
        succeeded,
      });
    }),
    next_attempt_at: job.status === 'pending' ? job.next_attempt_at : undefined,
    last_error: job.last_error ?? undefined,
    created_at: job.created_at,
    updated_at: job.updated_at,
  };
}
