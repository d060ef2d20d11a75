import { contextConsumers, type DomainEvent, type ProcessedEventDocument } from '@commerce/events';
import type { Logger } from '@commerce/observability';
import type { Database } from '@commerce/persistence';
import type { BackgroundTask } from '@commerce/service-host';
import type { NatsConnection } from 'nats';

export interface StoreEventsConsumerOptions {
  nc: NatsConnection;
  /** The service's own database: handled event ids are kept in its `processed_events`. */
  db: Database;
  logger: Logger;
  /** The JetStream durable, one per service (`orders-store-zones`): never rename one that ran. */
  durable: string;
  /** Usually `(event) => applyStoreEvent(deps, event)`. */
  handler: (event: DomainEvent) => Promise<void>;
}

/** The durable consumer of the storefront's store events, which keeps the service's store-zone projection. */
export function storeEventsConsumer({ nc, db, logger, durable, handler }: StoreEventsConsumerOptions): BackgroundTask {
  const processed = db.collection<ProcessedEventDocument>('processed_events');
  return contextConsumers('store events consumer', nc, logger, [
    { context: 'storefront', durable, handler, processed, backoffMs: [500, 2_000, 10_000, 30_000] },
  ]);
}
