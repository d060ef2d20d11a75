// Orders' use cases render in the store's zone through the projection every service shares (@commerce/store-zones):
// OrdersDeps carries its `zones` and `storefront`.
export { storeZone, applyStoreEvent } from '@commerce/store-zones';
