// Compile-time checks only, never exported or run (`npm run typecheck` compiles this file through
// tsconfig.test.json). Each `@ts-expect-error` must meet an error, so loosened typing fails the check.
import { storefront } from '@commerce/contracts';
import { createClient, type CallOptions, type ServiceClient } from './grpc.client';
import {
  implement,
  toGrpcImplementation,
  type ServiceBinding,
  type ServiceHandlers,
  type HandlersOf,
  type UnaryHandler,
} from './unary.handler';

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
declare const handlers: ServiceHandlers<typeof storefront.StoreServiceService>;
declare const getStore: UnaryHandler<storefront.GetStoreRequest, storefront.GetStoreResponse>;

// One area's handlers are the same functions as the full map's.
export const _areaHandlers: Equal<
  HandlersOf<typeof storefront.StoreServiceService, 'getStore'>['getStore'],
  (typeof handlers)['getStore']
> = true;

// A complete implementation compiles; what grpc-js receives is the generated server interface;
// a binding fits the server's list of services.
const binding = implement(storefront.StoreServiceService, handlers);
export const _asGeneratedServer: storefront.StoreServiceServer = toGrpcImplementation(binding);
export const _asServerInput: ServiceBinding[] = [binding, { definition: storefront.StoreServiceService, implementation: handlers }];

// Missing RPCs: refused.
const { getStore: _omitted, ...incomplete } = handlers;
// @ts-expect-error getStore is missing
implement(storefront.StoreServiceService, incomplete);
// @ts-expect-error createStore and updateStore are missing
implement(storefront.StoreServiceService, { getStore });
// @ts-expect-error an area file that leaves out one of the RPCs it names
export const _incompleteArea: HandlersOf<typeof storefront.StoreServiceService, 'getStore' | 'createStore'> = {
  createStore: handlers.createStore,
};

// A misspelt RPC: refused.
// @ts-expect-error getStores is not an RPC of StoreService
implement(storefront.StoreServiceService, { ...handlers, getStores: getStore });

// A handler answering the wrong message: refused.
// @ts-expect-error getStore must answer GetStoreResponse
implement(storefront.StoreServiceService, { ...handlers, getStore: async () => ({ templates: [], time_zone: 'UTC' }) });

// Clients expose exactly the service's RPCs with their request and response types.
type StoreClient = ServiceClient<storefront.StoreServiceClient>;
export const _methodNames: Equal<keyof StoreClient, keyof typeof storefront.StoreServiceService> = true;
export const _getStoreType: Equal<
  StoreClient['getStore'],
  (request: storefront.GetStoreRequest, options?: CallOptions) => Promise<storefront.GetStoreResponse>
> = true;

export async function _clientChecks(): Promise<string | undefined> {
  const stores = createClient(storefront.StoreServiceClient, '127.0.0.1:1');
  // @ts-expect-error a request of the wrong message
  await stores.getStore({ name: 'x' });
  // @ts-expect-error not an RPC
  stores.close();
  const { store } = await stores.getStore({ store_id: 1 });
  return store?.subdomain;
}
