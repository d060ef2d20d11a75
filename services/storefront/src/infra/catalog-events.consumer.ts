import { contextConsumers, type ConsumersTask, type DomainEvent, type ProcessedEventDocument } from '@commerce/events';
import type { Logger } from '@commerce/observability';
import type { Database } from '@commerce/persistence';
import type { NatsConnection } from 'nats';

/** The JetStream durable of the storefront's catalog projection: never rename it once it ran (it would replay the stream). */
export const CATALOG_PROJECTION_DURABLE = 'storefront-catalog-projection';

/**
 * The durable consumer of catalog's stream (product/*, variant/*, collection/*) that keeps the storefront's catalog
 * projection; handled event ids are kept in the service's `processed_events`, so a redelivery is skipped.
 */
export function catalogEventsConsumer(nc: NatsConnection, db: Database, logger: Logger, handler: (event: DomainEvent) => Promise<void>): ConsumersTask {
  const processed = db.collection<ProcessedEventDocument>('processed_events');
  return contextConsumers('catalog projection consumer', nc, logger, [
    // 16 events applied at once (one resource's still in order; the sequence guard makes any order safe anyway):
    // their writes share commits, so the projection keeps up with catalog's writes instead of costing a commit each.
    { context: 'catalog', durable: CATALOG_PROJECTION_DURABLE, handler, processed, backoffMs: [500, 2_000, 10_000, 30_000], prefetch: 32, concurrency: 16 },
  ]);
}
