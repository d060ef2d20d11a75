// The store-zone projection's collection, kept by @commerce/store-zones (orders' indexes.ts creates its index).
export { StoreZoneRepository, type StoreZoneDocument } from '@commerce/store-zones';
