import type { storefront } from '@commerce/contracts';
import { GrpcStatus, isRemoteError, type ServiceClient } from '@commerce/grpc-runtime';
import type { StoreSnapshot, StorefrontPort } from '../app/catalog-deps';

/** The storefront port over the storefront's gRPC client (CATALOG_BACKEND_DEADLINE_MS, the client's deadline, applies). */
export class StorefrontClient implements StorefrontPort {
  constructor(private readonly stores: Pick<ServiceClient<storefront.StoreServiceClient>, 'getStore'>) {}

  async storeContext(storeId: number): Promise<StoreSnapshot | null> {
    try {
      const { store } = await this.stores.getStore({ store_id: storeId });
      if (!store) return null;
      // Store events render updated_at to the second; compare like with like, so an event of the same second still applies.
      const updatedAt = new Date(Math.floor((store.updated_at?.getTime() ?? 0) / 1000) * 1000);
      const { time_zone, subdomain, url, currency } = store;
      return { context: { time_zone, subdomain, url, currency }, updatedAt };
    } catch (error) {
      if (isRemoteError(error) && error.code === GrpcStatus.NOT_FOUND) return null;
      throw error;
    }
  }
}
