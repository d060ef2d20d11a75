// Each store's time zone, currency and prices_include_tax as a service keeps it (docs/architecture.md#boundaries-between-services:
// a projection fed by the storefront's events, read over gRPC on a miss), for rendering its records' timestamps in the store's zone
// and its amounts in the store's currency (docs/money.md#currency). Used by orders and webhooks.
export { StoreZoneRepository, type StoreSettings, type StoreZoneDocument } from './store-zone.repository';
export { storeSettings, storeZone, applyStoreEvent, type StorefrontPort, type StoreZoneDeps } from './store-zones';
export { storeEventsConsumer, type StoreEventsConsumerOptions } from './store-events.consumer';
export { StorefrontClient } from './storefront.client';
