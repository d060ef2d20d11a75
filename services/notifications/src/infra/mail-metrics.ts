import type { Metrics, Registry } from '@commerce/observability';
import type { SendObserver } from '../app/notifications-deps';

/**
 * Mail series (docs/operations.md): attempts by outcome (sent, retry, failed), how long the SMTP server took, and
 * how long after its event a message was accepted.
 */
export function mailMetrics({ Counter, Histogram, LATENCY_BUCKETS }: Metrics, registry: Registry): SendObserver {
  const attempts = new Counter({
    name: 'mail_send_attempts_total',
    help: 'SMTP attempts by outcome: sent, retry (temporary failure), failed (permanent, or no attempt left)',
    labelNames: ['outcome'],
    registers: [registry],
  });
  const answered = new Histogram({
    name: 'mail_send_attempt_seconds',
    help: 'Time the SMTP server took to take (or refuse) a message',
    labelNames: ['outcome'],
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'mail_delivery_latency_seconds',
    help: 'From the event occurring to its message being accepted by the SMTP server',
    buckets: [...LATENCY_BUCKETS, 60, 300, 3_600, 86_400],
    registers: [registry],
  });
  return ({ outcome, seconds, sinceEventSeconds }) => {
    attempts.inc({ outcome });
    answered.observe({ outcome }, seconds);
    if (sinceEventSeconds !== undefined) latency.observe(sinceEventSeconds);
  };
}
