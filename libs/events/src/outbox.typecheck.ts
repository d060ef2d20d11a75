// Compile-time check (excluded from the build, covered by tsconfig.test.json): a service's own
// document type, with its `outbox`, can be handed to the relay without casts.
import type { Collection, Database } from '@commerce/persistence';
import type { DomainEvent } from './domain-event';
import { OutboxCollection } from './outbox-collection';
import { OutboxRelay } from './outbox.relay';

type ProductDocument = { id: number; store_id: number; title: string; version: number; outbox: DomainEvent[] };

export function relayForProducts(db: Database, nc: ConstructorParameters<typeof OutboxRelay>[0]['nc']): OutboxRelay {
  const products: Collection<ProductDocument> = db.collection<ProductDocument>('products');
  return new OutboxRelay({ nc, context: 'catalog', collections: [products], deadEvents: db.collection('dead_events') });
}

/** A service's document type without any outbox field: the outbox collection adds it, and hands the relay its documents. */
type OrderDocument = { id: number; store_id: number; version: number; [key: string]: unknown };

export function relayForOrders(db: Database, nc: ConstructorParameters<typeof OutboxRelay>[0]['nc']): OutboxRelay {
  const orders = new OutboxCollection<OrderDocument>(db.collection('orders'));
  return new OutboxRelay({ nc, context: 'orders', collections: [orders.outboxDocuments()], deadEvents: db.collection('dead_events') });
}
