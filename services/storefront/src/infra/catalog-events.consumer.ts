import { contextConsumers, type ConsumersTask, type EventHandler } from '@commerce/events';
import type { Logger } from '@commerce/observability';
import type { NatsConnection } from 'nats';

/** The JetStream durable of the storefront's catalog projection: never rename it once it ran (it would replay the stream). */
export const CATALOG_PROJECTION_DURABLE = 'storefront-catalog-projection';

/**
 * The durable consumer of catalog's stream (product/*, variant/*, collection/*) that keeps the storefront's catalog
 * projection. It keeps no record of handled event ids: a redelivered, repeated or late event is applied again and
 * changes no record (every write keeps the newer sequence, deleted records stay as tombstones; the store's version
 * moves only when a record changed or the event is redelivered), so a `processed_events` lookup and insert per event
 * would buy nothing.
 */
export function catalogEventsConsumer(nc: NatsConnection, logger: Logger, handler: EventHandler): ConsumersTask {
  return contextConsumers('catalog projection consumer', nc, logger, [
    // Up to 64 events applied at once (one resource's still in order; the sequence guard makes any order safe anyway),
    // handed over in batches 20 ms apart under a steady flow: their writes share commits, so the projection keeps up
    // with catalog's writes instead of costing a commit each (a commit costs about as much for 2 events as for 30).
    {
      context: 'catalog',
      durable: CATALOG_PROJECTION_DURABLE,
      handler,
      backoffMs: [500, 2_000, 10_000, 30_000],
      prefetch: 128,
      concurrency: 64,
      batchWindowMs: 20,
    },
  ]);
}
