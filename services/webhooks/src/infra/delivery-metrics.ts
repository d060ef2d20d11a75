import type { Metrics, Registry } from '@commerce/observability';
import type { AttemptObserver } from '../app/webhooks-deps';

/**
 * Webhook delivery series (docs/operations.md): attempts by outcome, how long the receivers took to answer, and
 * how long after the event occurred a delivery arrived.
 */
export function deliveryMetrics({ Counter, Histogram, LATENCY_BUCKETS }: Metrics, registry: Registry): AttemptObserver {
  const attempts = new Counter({
    name: 'webhook_delivery_attempts_total',
    help: 'Delivery attempts by outcome: delivered, retry, failed (no attempt left), aborted, gone (410)',
    labelNames: ['outcome'],
    registers: [registry],
  });
  const answered = new Histogram({
    name: 'webhook_delivery_attempt_seconds',
    help: 'Time a receiver took to answer an attempt (or the attempt to fail)',
    labelNames: ['outcome'],
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'webhook_delivery_latency_seconds',
    help: 'From the event occurring to its delivery being answered 2xx',
    buckets: [...LATENCY_BUCKETS, 60, 300, 3_600, 86_400],
    registers: [registry],
  });
  return ({ outcome, seconds, sinceOccurredSeconds }) => {
    attempts.inc({ outcome });
    answered.observe({ outcome }, seconds);
    if (sinceOccurredSeconds !== undefined) latency.observe(sinceOccurredSeconds);
  };
}
