import { isEventOf, type DomainEvent } from '@commerce/events';
import { notFound } from '@commerce/grpc-runtime';
import type { OrdersDeps } from './orders-deps';

/**
 * The store's time zone, which every order rendering (answers and events) uses. Read from the projection
 * the storefront's store events keep; a store not seen yet is asked of the storefront once and remembered.
 */
export async function storeZone(deps: Pick<OrdersDeps, 'zones' | 'storefront'>, storeId: number): Promise<string> {
  const known = await deps.zones.find(storeId);
  if (known !== null) return known;
  const snapshot = await deps.storefront.storeZone(storeId);
  if (!snapshot) throw notFound('store');
  await deps.zones.save(storeId, snapshot.timeZone, snapshot.updatedAt);
  return snapshot.timeZone;
}

const STORE_TOPICS = ['store/created', 'store/updated'] as const;

/** Keeps the zone projection from the storefront's store events (its other topics are not ours). */
export async function applyStoreEvent(deps: Pick<OrdersDeps, 'zones'>, event: DomainEvent): Promise<void> {
  if (!isEventOf(event, STORE_TOPICS)) return;
  const updatedAt = new Date(event.resource.updated_at ?? 0);
  await deps.zones.save(event.store_id, event.resource.time_zone ?? '', Number.isNaN(updatedAt.getTime()) ? new Date(0) : updatedAt);
}
