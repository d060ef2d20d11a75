import type { Logger } from '@commerce/observability';
import type { KeyedQueue } from '@commerce/persistence';
import type { StoreShippingRepository } from '../infra/store-shipping.repository';

/** The products of one group, as catalog counts them (soft-deleted products do not count). */
export interface GroupProducts {
  count: number;
  /** Ascending. */
  product_ids: number[];
}

/** Catalog's answer to "retire this group before I delete it". */
export type GroupRetirement =
  /** No product uses the group; catalog refuses it to product writes for at least `heldForMs`. */
  | { retired: true; heldForMs: number }
  /** Products use it (or are being assigned to it): nothing changed. */
  | { retired: false; productCount: number };

/** What shipping asks of catalog (docs/architecture.md#boundaries-between-services: over gRPC, at the moment it matters). */
export interface CatalogPort {
  /** Throws a RemoteError (UNAVAILABLE, DEADLINE_EXCEEDED...) when catalog cannot answer by `deadline`. */
  productsInGroup(storeId: number, groupId: number, deadline: number): Promise<GroupProducts>;
  /** Retires the group in catalog unless products use it, atomically against catalog's product writes. Throws as above. */
  retireGroup(storeId: number, groupId: number, token: string, deadline: number): Promise<GroupRetirement>;
  /** Undoes the retirement of `token` (the delete did not happen); throws when catalog cannot answer. */
  restoreGroup(storeId: number, groupId: number, token: string): Promise<void>;
}

export interface ShippingDeps {
  repository: StoreShippingRepository;
  /** Integer ids from the service's counters, unique per resource type across stores. */
  nextId(counter: 'shipping_groups' | 'shipping_classes'): Promise<number>;
  catalog: CatalogPort;
  clock: () => Date;
  /** Serialises this process's changes of one store, so they never race each other's version check. */
  changes: KeyedQueue;
  logger: Pick<Logger, 'warn'>;
}
