import { contextConsumers, type DomainEvent } from '@commerce/events';
import type { Logger } from '@commerce/observability';
import type { BackgroundTask } from '@commerce/service-host';
import type { NatsConnection } from 'nats';

/** The contexts whose streams carry public topics (docs/events.md#topics). */
export const PUBLISHING_CONTEXTS = ['catalog', 'orders', 'shipping', 'storefront', 'identity'] as const;

/**
 * One durable consumer per context stream (`webhooks-delivery-<ctx>`), feeding the intake (`store`: true when the
 * event waits for its fan-out, which `wake` starts); the streams are ensured here, so the webhooks service may
 * start before the services that publish on them.
 */
export function deliveryIntakeConsumers(
  nc: NatsConnection,
  logger: Logger,
  store: (event: DomainEvent) => Promise<boolean>,
  wake: () => void,
): BackgroundTask {
  const handler = async (event: DomainEvent): Promise<void> => {
    if (await store(event)) wake();
  };
  return contextConsumers(
    'webhook delivery intake',
    nc,
    logger,
    // Up to 64 events stored at once per stream (one resource's still in order), handed over in batches 20 ms apart
    // under a steady flow: their writes share the commits, so the intake keeps up with the bus instead of taking one
    // event per commit (a commit of the feed costs about as much for 2 events as for 30: the same index pages).
    PUBLISHING_CONTEXTS.map((context) => ({
      context,
      durable: `webhooks-delivery-${context}`,
      handler,
      backoffMs: [500, 2_000, 10_000, 30_000],
      maxDeliver: 20,
      prefetch: 128,
      concurrency: 64,
      batchWindowMs: 20,
    })),
  );
}
