import type { Collection, Database } from '@commerce/persistence';
import { StoreZoneRepository, type StoreZoneDocument } from '@commerce/store-zones';
import type { AttemptDocument, DeliveryDocument, StoredEventDocument } from './delivery.documents';
import { DeliveryRepository } from './delivery.repository';
import { SLOT_INDEX, WebhookRepository, type WebhookDocument } from './webhook.repository';

/**
 * Every index the queries need (docs/service-template.md#collections-and-indexes): a store's webhooks by id (list, get,
 * writes), its places (the 50 limit), the zones, and the events feed, deliveries and attempts (`ensureDeliveryIndexes`).
 */
export async function ensureWebhooksIndexes(db: Database): Promise<void> {
  const webhooks = db.collection<WebhookDocument>(WebhookRepository.collection);
  await webhooks.createIndex({ store_id: 1, id: 1 }, { unique: true, name: 'webhooks_store_id' });
  await webhooks.createIndex({ store_id: 1, slot: 1 }, { unique: true, name: SLOT_INDEX });
  await StoreZoneRepository.ensureIndexes(db.collection<StoreZoneDocument>(StoreZoneRepository.collection));
  await ensureDeliveryIndexes(DeliveryRepository.open(db));
}

export const EVENT_ID_INDEX = 'events_id';
export const DELIVERY_EVENT_INDEX = 'deliveries_webhook_event';
export const DELIVERY_ID_INDEX = 'deliveries_id';

/**
 * Every index DeliveryRepository's queries need. Every event insert writes each events index, so each one serves a
 * query (asserted in event-indexes.unit.test.ts): events_id findEvent, markFannedOut and redelivery; events_received
 * prune (and keyUnkeyedEvents' order); events_store_occurred eventsSince (replay); events_store_feed feed;
 * events_store_history the feed of one order's or resource's history (one index for both filters: each costs every insert);
 * events_resource_sequence hasPredecessor; events_fan_out eventsToFanOut. Retired ones are dropped by a migration
 * (migrations.ts).
 */
export async function ensureDeliveryIndexes({
  events,
  deliveries,
  attempts,
}: {
  events: Collection<StoredEventDocument>;
  deliveries: Collection<DeliveryDocument>;
  attempts: Collection<AttemptDocument>;
}): Promise<void> {
  await events.createIndex({ id: 1 }, { unique: true, name: EVENT_ID_INDEX });
  await events.createIndex({ received_at: 1 }, { name: 'events_received' });
  await events.createIndex({ store_id: 1, occurred_at: 1 }, { name: 'events_store_occurred' });
  await events.createIndex({ store_id: 1, feed_key: 1, id: 1 }, { name: 'events_store_feed' });
  await events.createIndex({ store_id: 1, history_key: 1, feed_key: 1, id: 1 }, { name: 'events_store_history' });
  await events.createIndex({ store_id: 1, resource_type: 1, resource_id: 1, sequence: 1 }, { name: 'events_resource_sequence' });
  await events.createIndex({ fanned_out: 1, received_at: 1, id: 1 }, { name: 'events_fan_out' });
  await attempts.createIndex({ id: 1 }, { unique: true, name: 'delivery_attempts_id' });
  await attempts.createIndex({ store_id: 1, id: 1 }, { name: 'delivery_attempts_store' });
  await attempts.createIndex({ store_id: 1, webhook_id: 1, id: 1 }, { name: 'delivery_attempts_webhook' });
  await attempts.createIndex({ store_id: 1, event_id: 1, id: 1 }, { name: 'delivery_attempts_event' });
  await deliveries.createIndex({ webhook_id: 1, event_id: 1 }, { unique: true, name: DELIVERY_EVENT_INDEX });
  await deliveries.createIndex({ id: 1 }, { unique: true, name: DELIVERY_ID_INDEX });
  await deliveries.createIndex({ status: 1, next_attempt_at: 1 }, { name: 'deliveries_due' });
  await deliveries.createIndex({ webhook_id: 1, resource_key: 1, status: 1, sequence: 1 }, { name: 'deliveries_resource' });
  await deliveries.createIndex({ webhook_id: 1, id: 1 }, { name: 'deliveries_webhook' });
}
