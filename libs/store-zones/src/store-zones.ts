import { isEventOf, type DomainEvent } from '@commerce/events';
import { notFound } from '@commerce/grpc-runtime';
import { DEFAULT_CURRENCY } from '@commerce/money';
import type { StoreSettings, StoreZoneRepository } from './store-zone.repository';

/** The storefront's store record, for a store the projection has not seen yet. */
export interface StorefrontPort {
  /** null when the storefront has no such store. */
  storeSettings(storeId: number): Promise<{ settings: StoreSettings; updatedAt: Date } | null>;
}

/** What the projection reads and writes: the service's deps carry both under these names. */
export interface StoreZoneDeps {
  zones: Pick<StoreZoneRepository, 'find' | 'save'>;
  storefront: StorefrontPort;
}

/**
 * The store's time zone, currency and whether its prices include tax. Read from the projection the storefront's
 * store events keep; a store not seen yet is asked of the storefront once and remembered. A store the storefront
 * does not know is NOT_FOUND.
 */
export async function storeSettings(deps: StoreZoneDeps, storeId: number): Promise<StoreSettings> {
  const known = await deps.zones.find(storeId);
  if (known !== null) return known;
  const snapshot = await deps.storefront.storeSettings(storeId);
  if (!snapshot) throw notFound('store');
  await deps.zones.save(storeId, snapshot.settings, snapshot.updatedAt);
  return snapshot.settings;
}

/** The store's time zone, which every rendering of the service's records (answers and events) uses. */
export async function storeZone(deps: StoreZoneDeps, storeId: number): Promise<string> {
  return (await storeSettings(deps, storeId)).time_zone;
}

const STORE_TOPICS = ['store/created', 'store/updated'] as const;

/** Keeps the projection from the storefront's store events (its other topics are not ours). */
export async function applyStoreEvent(deps: Pick<StoreZoneDeps, 'zones'>, event: DomainEvent): Promise<void> {
  if (!isEventOf(event, STORE_TOPICS)) return;
  const store = event.resource;
  const updatedAt = new Date(store.updated_at ?? 0);
  const settings: StoreSettings = {
    time_zone: store.time_zone ?? '',
    // An event of a storefront from before currencies carries none: that store is in USD.
    currency: store.currency || DEFAULT_CURRENCY,
    prices_include_tax: store.prices_include_tax ?? false,
  };
  await deps.zones.save(event.store_id, settings, Number.isNaN(updatedAt.getTime()) ? new Date(0) : updatedAt);
}
