import { contextConsumers, type DomainEvent, type ProcessedEventDocument } from '@commerce/events';
import type { Logger } from '@commerce/observability';
import type { Database } from '@commerce/persistence';
import type { BackgroundTask } from '@commerce/service-host';
import type { NatsConnection } from 'nats';

export interface ProjectionHandlers {
  storeEvent(event: DomainEvent): Promise<void>;
  shippingGroupEvent(event: DomainEvent): Promise<void>;
  mediaImageEvent(event: DomainEvent): Promise<void>;
  variantStockEvent(event: DomainEvent): Promise<void>;
}

/**
 * The durable consumers feeding catalog's projections: the storefront's store events (store
 * context), shipping's events (group names, default group), media's (images made ready for photos) and catalog's own
 * variant events (the low-stock list). One filter per consumer (nats-server
 * 2.9 takes one); the handlers skip the topics they do not need. The streams are ensured here too, so
 * catalog can start before the services that publish on them.
 */
export function projectionConsumers(nc: NatsConnection, db: Database, logger: Logger, handlers: ProjectionHandlers): BackgroundTask {
  const processed = db.collection<ProcessedEventDocument>('processed_events');
  const retries = { processed, backoffMs: [500, 2_000, 10_000, 30_000] };
  return contextConsumers('projection consumers', nc, logger, [
    { context: 'storefront', durable: 'catalog-store-context', handler: handlers.storeEvent, ...retries },
    // Renaming a big group's products takes a while: give the handler time before a redelivery.
    { context: 'shipping', durable: 'catalog-shipping-groups', handler: handlers.shippingGroupEvent, ackWaitMs: 5 * 60_000, ...retries },
    { context: 'media', durable: 'catalog-media-images', handler: handlers.mediaImageEvent, ...retries },
    // Catalog's own stream, for the low-stock list's rows. Each row write is idempotent by the event's sequence, so no
    // processed-events record is kept; the events of one variant still apply in order, different variants' together.
    {
      context: 'catalog',
      durable: 'catalog-variant-stock',
      handler: handlers.variantStockEvent,
      backoffMs: retries.backoffMs,
      concurrency: 16,
      prefetch: 32,
    },
  ]);
}
