import { isEventOf, type DomainEvent } from '@commerce/events';
import { notFound } from '@commerce/grpc-runtime';
import type { StoreZoneRepository } from './store-zone.repository';

/** The storefront's store record, for a store the zone projection has not seen yet. */
export interface StorefrontPort {
  /** null when the storefront has no such store. */
  storeZone(storeId: number): Promise<{ timeZone: string; updatedAt: Date } | null>;
}

/** What the projection reads and writes: the service's deps carry both under these names. */
export interface StoreZoneDeps {
  zones: Pick<StoreZoneRepository, 'find' | 'save'>;
  storefront: StorefrontPort;
}

/**
 * The store's time zone, which every rendering of the service's records (answers and events) uses. Read from
 * the projection the storefront's store events keep; a store not seen yet is asked of the storefront once and
 * remembered. A store the storefront does not know is NOT_FOUND.
 */
export async function storeZone(deps: StoreZoneDeps, storeId: number): Promise<string> {
  const known = await deps.zones.find(storeId);
  if (known !== null) return known;
  const snapshot = await deps.storefront.storeZone(storeId);
  if (!snapshot) throw notFound('store');
  await deps.zones.save(storeId, snapshot.timeZone, snapshot.updatedAt);
  return snapshot.timeZone;
}

const STORE_TOPICS = ['store/created', 'store/updated'] as const;

/** Keeps the zone projection from the storefront's store events (its other topics are not ours). */
export async function applyStoreEvent(deps: Pick<StoreZoneDeps, 'zones'>, event: DomainEvent): Promise<void> {
  if (!isEventOf(event, STORE_TOPICS)) return;
  const updatedAt = new Date(event.resource.updated_at ?? 0);
  await deps.zones.save(event.store_id, event.resource.time_zone ?? '', Number.isNaN(updatedAt.getTime()) ? new Date(0) : updatedAt);
}
