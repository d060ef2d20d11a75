import type { storefront } from '@commerce/contracts';
import { DomainError, GrpcStatus, isRemoteError, type ServiceClient } from '@commerce/grpc-runtime';
import type { NewStore, StoreOpening, StorefrontPort } from '../app/identity-deps';

type StoreRpc = Pick<ServiceClient<storefront.StoreServiceClient>, 'createStore'>;

/** Refusals a retry cannot change: the input is wrong or the subdomain is taken. */
const REFUSED_FOR_GOOD: ReadonlySet<number> = new Set([GrpcStatus.INVALID_ARGUMENT, GrpcStatus.ALREADY_EXISTS]);

/** StoreService.CreateStore behind the port identity's use cases ask (IDENTITY_BACKEND_DEADLINE_MS, the client's deadline, applies). */
export class StorefrontClient implements StorefrontPort {
  constructor(private readonly stores: StoreRpc) {}

  async openStore(store: NewStore): Promise<StoreOpening> {
    let created: storefront.Store | undefined;
    try {
      ({ store: created } = await this.stores.createStore(store));
    } catch (error) {
      if (isRemoteError(error) && REFUSED_FOR_GOOD.has(error.code)) return { opened: false, refusal: error };
      throw error;
    }
    if (!created) throw new DomainError('UNAVAILABLE', 'The store service answered without a store');
    return { opened: true, storeId: created.id };
  }
}
