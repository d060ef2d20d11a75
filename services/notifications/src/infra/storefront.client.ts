import type { storefront } from '@commerce/contracts';
import { GrpcStatus, isRemoteError, type ServiceClient } from '@commerce/grpc-runtime';
import { DEFAULT_CURRENCY } from '@commerce/money';
import type { StorefrontPort, StoreProfile } from '../app/notifications-deps';

type StoreRpc = Pick<ServiceClient<storefront.StoreServiceClient>, 'getStore'>;

/** How long a store's profile is reused: a burst of orders asks the storefront once, a renamed store shows within seconds. */
const PROFILE_TTL_MS = 5_000;
const MAX_PROFILES = 10_000;

/** The storefront's store record, as e-mail needs it. */
export class StorefrontClient implements StorefrontPort {
  private readonly profiles = new Map<number, { profile: StoreProfile; until: number }>();

  constructor(
    private readonly stores: StoreRpc,
    private readonly now: () => number = Date.now,
  ) {}

  async storeProfile(storeId: number): Promise<StoreProfile | null> {
    const cached = this.profiles.get(storeId);
    if (cached && cached.until > this.now()) return cached.profile;
    try {
      const { store } = await this.stores.getStore({ store_id: storeId });
      if (!store) return null;
      const profile: StoreProfile = {
        id: store.id,
        name: store.name,
        email: store.support_email,
        url: store.url,
        currency: store.currency || DEFAULT_CURRENCY,
        time_zone: store.time_zone,
      };
      if (this.profiles.size >= MAX_PROFILES) this.profiles.clear();
      this.profiles.set(storeId, { profile, until: this.now() + PROFILE_TTL_MS });
      return profile;
    } catch (error) {
      if (isRemoteError(error) && error.code === GrpcStatus.NOT_FOUND) return null;
      throw error;
    }
  }
}
