import type { CatalogDeps } from './catalog-deps';

/**
 * Runs `task` holding the stock lock of every product it names (in id order, so two holders of overlapping sets
 * never wait on each other in a cycle). Reservations and releases take these locks, so a reservation that takes
 * from one product and then finds another short puts the first back before any other reservation of that product
 * reads it: no buyer is refused for a unit that a doomed reservation held for a moment (docs/orders.md#how-a-checkout-runs-orders-service:
 * atomic). The locks are per process; on MongoDB with several replicas the window is back to one product write.
 */
export function withStockLocks<T>(
  deps: Pick<CatalogDeps, 'queue'>,
  storeId: number,
  productIds: readonly number[],
  task: () => Promise<T>,
): Promise<T> {
  const keys = [...new Set(productIds)].sort((a, b) => a - b).map((productId) => `stock:${storeId}:${productId}`);
  const holding = (index: number): Promise<T> => (index === keys.length ? task() : deps.queue.run(keys[index]!, () => holding(index + 1)));
  return holding(0);
}
