import { ensureStream, EventConsumer, type DomainEvent, type ProcessedEventDocument } from '@commerce/events';
import type { Logger } from '@commerce/observability';
import type { Database } from '@commerce/persistence';
import type { BackgroundTask } from '@commerce/service-host';
import type { NatsConnection } from 'nats';

export interface ProjectionHandlers {
  storeEvent(event: DomainEvent): Promise<void>;
  shippingGroupEvent(event: DomainEvent): Promise<void>;
}

/**
 * The durable consumers feeding catalog's projections: the storefront's store events (store
 * context) and shipping's events (group names, default group). One filter per consumer (nats-server
 * 2.9 takes one); the handlers skip the topics they do not need. The streams are ensured here too, so
 * catalog can start before the services that publish on them.
 */
export function projectionConsumers(nc: NatsConnection, db: Database, logger: Logger, handlers: ProjectionHandlers): BackgroundTask {
  const consumers: EventConsumer[] = [];
  const stopAll = async () => {
    await Promise.all(consumers.splice(0).map((consumer) => consumer.stop()));
  };
  return {
    name: 'projection consumers',
    async start() {
      const jsm = await nc.jetstreamManager();
      const processed = db.collection<ProcessedEventDocument>('processed_events');
      const definitions = [
        { context: 'storefront', durable: 'catalog-store-context', handler: handlers.storeEvent },
        // Renaming a big group's products takes a while: give the handler time before a redelivery.
        { context: 'shipping', durable: 'catalog-shipping-groups', handler: handlers.shippingGroupEvent, ackWaitMs: 5 * 60_000 },
      ];
      try {
        for (const definition of definitions) {
          const stream = (await ensureStream(jsm, definition.context)).config.name;
          const consumer = new EventConsumer({
            nc,
            stream,
            durable: definition.durable,
            filterSubject: `events.${definition.context}.>`,
            handler: definition.handler,
            processed,
            ackWaitMs: definition.ackWaitMs,
            backoffMs: [500, 2_000, 10_000, 30_000],
            logger,
          });
          consumers.push(consumer);
          await consumer.start();
        }
      } catch (error) {
        // The host registers a task's stop only once its start succeeded: stop the ones already running here.
        await stopAll().catch(() => undefined);
        throw error;
      }
    },
    stop: stopAll,
  };
}
