import { ensureStream, EventConsumer, type DomainEvent, type ProcessedEventDocument } from '@commerce/events';
import type { Logger } from '@commerce/observability';
import type { Database } from '@commerce/persistence';
import type { BackgroundTask } from '@commerce/service-host';
import type { NatsConnection } from 'nats';

/** The durable consumer of the storefront's store events, which keeps the store-zone projection. */
export function storeEventsConsumer(nc: NatsConnection, db: Database, logger: Logger, handler: (event: DomainEvent) => Promise<void>): BackgroundTask {
  let consumer: EventConsumer | undefined;
  return {
    name: 'store events consumer',
    async start() {
      const jsm = await nc.jetstreamManager();
      const stream = (await ensureStream(jsm, 'storefront')).config.name;
      consumer = new EventConsumer({
        nc,
        stream,
        durable: 'orders-store-zones',
        filterSubject: 'events.storefront.>',
        handler,
        processed: db.collection<ProcessedEventDocument>('processed_events'),
        backoffMs: [500, 2_000, 10_000, 30_000],
        logger,
      });
      await consumer.start();
    },
    async stop() {
      await consumer?.stop();
    },
  };
}
