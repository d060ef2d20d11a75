// The storefront port of the store-zone projection (GetStore on a miss), from @commerce/store-zones.
export { StorefrontClientPort } from '@commerce/store-zones';
