import { planCatalog, type CatalogPlan } from './catalog-plan';
import { planOrders, type PlannedOrder } from './order-plan';
import { seededRandom } from './random';

export interface DemoPlan {
  catalog: CatalogPlan;
  orders: PlannedOrder[];
}

/** Everything the demo will do, from the seed alone: the same seed and counts plan the same store. */
export function planDemo(seed: number, products: number, orders: number): DemoPlan {
  const random = seededRandom(seed);
  const catalog = planCatalog(random, products);
  return { catalog, orders: planOrders(random, catalog, orders) };
}

/** Orders counted by the status the API last answered for each. */
export function countByStatus(statuses: readonly string[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const status of statuses) counts[status] = (counts[status] ?? 0) + 1;
  return counts;
}
