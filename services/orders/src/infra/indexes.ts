import type { Collection } from '@commerce/persistence';
import type { CheckoutDocument } from './checkout.repository';
import type { OrderDocument } from './order.repository';
import type { StoreZoneDocument } from '@commerce/store-zones';

/**
 * Every index the queries need (DESIGN §4): lists newest first by store (+ status), the updated_at
 * filters, the checkout key's uniqueness, and the sweeps' due work. Listing cost does not grow with the
 * store's size: each list is a range of one of these.
 */
export async function ensureOrdersIndexes(
  orders: Collection<OrderDocument>,
  checkouts: Collection<CheckoutDocument>,
  zones: Collection<StoreZoneDocument>,
): Promise<void> {
  await orders.createIndex({ store_id: 1, id: 1 }, { unique: true, name: 'orders_store_id' });
  await orders.createIndex({ store_id: 1, status: 1, id: 1 }, { name: 'orders_store_status_id' });
  await orders.createIndex({ store_id: 1, updated_at: 1 }, { name: 'orders_store_updated_at' });
  await orders.createIndex({ stock_return: 1, updated_at: 1 }, { name: 'orders_stock_return' });
  await checkouts.createIndex({ store_id: 1, checkout_key: 1 }, { unique: true, name: 'checkouts_store_key' });
  await checkouts.createIndex({ state: 1, lease_until: 1 }, { name: 'checkouts_state_lease' });
  await zones.createIndex({ store_id: 1 }, { unique: true, name: 'store_zones_store' });
}
