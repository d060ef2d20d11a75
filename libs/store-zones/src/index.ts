// Each store's time zone as a service keeps it (docs/architecture.md#boundaries-between-services: a projection fed by the storefront's
// events, read over gRPC on a miss), for rendering its records' timestamps in the store's zone. Used by orders and webhooks.
export { StoreZoneRepository, type StoreZoneDocument } from './store-zone.repository';
export { storeZone, applyStoreEvent, type StorefrontPort, type StoreZoneDeps } from './store-zones';
export { storeEventsConsumer, type StoreEventsConsumerOptions } from './store-events.consumer';
export { StorefrontClient } from './storefront.client';
