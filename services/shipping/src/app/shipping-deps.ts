import type { KeyedQueue } from '@commerce/persistence';
import type { StoreShippingRepository } from '../infra/store-shipping.repository';

/** The products of one group, as catalog counts them (soft-deleted products do not count). */
export interface GroupProducts {
  count: number;
  /** Ascending. */
  product_ids: number[];
}

/** What shipping asks of catalog: a group's products (DESIGN §1: over gRPC, at the moment it matters). */
export interface CatalogProducts {
  /** Throws a RemoteError (UNAVAILABLE, DEADLINE_EXCEEDED...) when catalog cannot answer by `deadline`. */
  productsInGroup(storeId: number, groupId: number, deadline: number): Promise<GroupProducts>;
}

export interface ShippingDeps {
  repository: StoreShippingRepository;
  /** Integer ids from the service's counters, unique per resource type across stores. */
  nextId(counter: 'shipping_groups' | 'shipping_classes'): Promise<number>;
  catalog: CatalogProducts;
  clock: () => Date;
  /** Serialises this process's changes of one store, so they never race each other's version check. */
  changes: KeyedQueue;
}
