import { PUBLIC_TOPICS } from '@commerce/events';
import type { Migration } from '@commerce/service-host';
import { DeliveryRepository } from './delivery.repository';
import { ensureDeliveryIndexes } from './indexes';

/**
 * The events feed pages on a feed key (issue 14: a cursor on the received time could pass over an event stored in
 * the same millisecond a moment later): the events kept from before get theirs from their received time.
 */
export const keyTheEventsFeed: Migration = {
  id: 1,
  name: 'give the kept events their feed key',
  async run(db) {
    const deliveries = DeliveryRepository.open(db);
    await ensureDeliveryIndexes(deliveries);
    await deliveries.keyUnkeyedEvents();
  },
};

/**
 * The events feed's index from before feed keys ({ store_id, received_at, id }): no query has read it since migration 1,
 * and every event insert still wrote it (issue 10: each index is pages written per commit).
 */
export const RETIRED_FEED_INDEX = 'events_store_received';

export const dropTheRetiredFeedIndex: Migration = {
  id: 2,
  name: `drop the events index ${RETIRED_FEED_INDEX}, which no query uses since the feed pages on feed keys`,
  async run(db) {
    // A no-op where it is gone already (a new database, or a run repeated after a crash).
    await DeliveryRepository.open(db).events.dropIndex(RETIRED_FEED_INDEX);
  },
};

/**
 * The events feed filters by resource and by order (docs/webhooks.md#the-events-feed) on a history key stored with each
 * event: the public events kept from before get theirs.
 */
export const keyTheEventsHistories: Migration = {
  id: 3,
  name: 'give the kept events their history key',
  async run(db) {
    const deliveries = DeliveryRepository.open(db);
    await ensureDeliveryIndexes(deliveries);
    await deliveries.keyEventsHistories(PUBLIC_TOPICS);
  },
};

/** The service's migrations, in the order they were added; never renumber one that shipped. */
export const WEBHOOKS_MIGRATIONS: readonly Migration[] = [keyTheEventsFeed, dropTheRetiredFeedIndex, keyTheEventsHistories];
