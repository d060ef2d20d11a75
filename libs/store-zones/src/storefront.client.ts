import type { storefront } from '@commerce/contracts';
import { GrpcStatus, isRemoteError, type ServiceClient } from '@commerce/grpc-runtime';
import type { StoreSettings } from './store-zone.repository';
import type { StorefrontPort } from './store-zones';

type StoreRpc = Pick<ServiceClient<storefront.StoreServiceClient>, 'getStore'>;

/** The storefront's store record, for the projection's misses (a client created with the service's deadline). */
export class StorefrontClient implements StorefrontPort {
  constructor(private readonly stores: StoreRpc) {}

  async storeSettings(storeId: number): Promise<{ settings: StoreSettings; updatedAt: Date } | null> {
    try {
      const { store } = await this.stores.getStore({ store_id: storeId });
      if (!store) return null;
      // Whole seconds, as store events render updated_at: a change in the same second must not look older.
      const updatedAt = Math.floor((store.updated_at?.getTime() ?? 0) / 1000) * 1000;
      const settings = { time_zone: store.time_zone, currency: store.currency, prices_include_tax: store.prices_include_tax };
      return { settings, updatedAt: new Date(updatedAt) };
    } catch (error) {
      if (isRemoteError(error) && error.code === GrpcStatus.NOT_FOUND) return null;
      throw error;
    }
  }
}
