import type { Migration } from '@commerce/service-host';
import type { Order } from '../domain/order';
import { lastRefundAt } from '../domain/refund';
import { OrderRepository, type OrderDocument } from './order.repository';

const BATCH = 500;

/**
 * Orders refunded before `last_refund_at` existed get it from their refunds, so the sales summary's refunds
 * (docs/orders.md#sales-summary) find them through orders_store_last_refund. Safe to run again: it only fills the field
 * where it is missing.
 */
export const dateTheLatestRefunds: Migration = {
  id: 1,
  name: 'give each refunded order the time of its latest refund (last_refund_at)',
  async run(db) {
    const orders = db.collection<OrderDocument>(OrderRepository.collection);
    const unset = { 'refunds.0': { $exists: true }, last_refund_at: { $exists: false } };
    for (;;) {
      const batch = await orders.findFields(unset, ['store_id', 'id', 'refunds'], { limit: BATCH });
      if (batch.length === 0) return;
      for (const order of batch as Array<Pick<Order, 'store_id' | 'id' | 'refunds'>>)
        // No event: nothing the API renders changes.
        await orders.updateOne(
          { store_id: order.store_id, id: order.id, last_refund_at: { $exists: false } },
          { $set: { last_refund_at: lastRefundAt(order.refunds ?? []) } },
        );
    }
  },
};

/** The service's migrations, in the order they were added; never renumber one that shipped. */
export const ORDERS_MIGRATIONS: readonly Migration[] = [dateTheLatestRefunds];
