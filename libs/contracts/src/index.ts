// Generated gRPC contracts (ts-proto). Regenerate with `npm run gen`; never edit src/gen by hand.
export * as identity from './gen/commerce/identity/v1/identity';
export * as storefront from './gen/commerce/storefront/v1/storefront';
export * as catalog from './gen/commerce/catalog/v1/catalog';
export * as orders from './orders';
export * as shipping from './gen/commerce/shipping/v1/shipping';
export * as webhooks from './gen/commerce/webhooks/v1/webhooks';
export * as media from './gen/commerce/media/v1/media';
export * as notifications from './gen/commerce/notifications/v1/notifications';
export * as rpcStatus from './gen/google/rpc/status';
export * as rpcErrorDetails from './gen/google/rpc/error_details';
export { Any } from './gen/google/protobuf/any';
