import type { Migration } from '@commerce/service-host';
import { DeliveryRepository } from './delivery.repository';

/**
 * The events feed pages on a feed key (issue 14: a cursor on the received time could pass over an event stored in
 * the same millisecond a moment later): the events kept from before get theirs from their received time.
 */
export const keyTheEventsFeed: Migration = {
  id: 1,
  name: 'give the kept events their feed key',
  async run(db) {
    const deliveries = DeliveryRepository.open(db);
    await deliveries.ensureIndexes();
    await deliveries.keyUnkeyedEvents();
  },
};
