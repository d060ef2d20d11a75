import type { storefront } from '@commerce/contracts';
import { requireStoreId, type ServiceHandlers } from '@commerce/grpc-runtime';
import { getStoreVisits } from '../app/get-store-visits';
import type { StorefrontDeps } from '../app/storefront-deps';

/** Thin: request → use case → response. */
export function visitHandlers(deps: StorefrontDeps): ServiceHandlers<typeof storefront.VisitServiceService> {
  return {
    getStoreVisits: async (request) => getStoreVisits(deps, requireStoreId(request.store_id), request.marketplace_only),
  };
}
