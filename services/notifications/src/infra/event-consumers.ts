import { contextConsumers, type DomainEvent } from '@commerce/events';
import type { Logger } from '@commerce/observability';
import type { BackgroundTask } from '@commerce/service-host';
import type { NatsConnection } from 'nats';

/**
 * The intake (docs/delivery.md#durable-intake): one durable consumer of the orders stream, `notifications-orders`.
 * An event is acknowledged once its messages are stored; one whose store or order cannot be read (a service down)
 * comes again with growing waits, for about a day and a half before it is dead-lettered.
 */
export function mailIntakeConsumer(
  nc: NatsConnection,
  logger: Logger,
  take: (event: DomainEvent) => Promise<number>,
  wake: () => void,
): BackgroundTask {
  return contextConsumers('mail intake', nc, logger, [
    {
      context: 'orders',
      durable: 'notifications-orders',
      handler: async (event) => {
        if ((await take(event)) > 0) wake();
      },
      backoffMs: [1_000, 5_000, 30_000, 60_000],
      maxDeliver: 2_000,
      prefetch: 64,
      concurrency: 32,
      batchWindowMs: 10,
    },
  ]);
}
