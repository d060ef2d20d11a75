import type { Logger } from '@commerce/observability';
import type { KeyedQueue } from '@commerce/persistence';
import type { CollectionRepository } from '../infra/collection.repository';
import type { ProductRepository } from '../infra/product.repository';
import type { ReservationRepository } from '../infra/reservation.repository';
import type { ShippingGroupRepository } from '../infra/shipping-group.repository';
import type { VariantRefRepository } from '../infra/variant-ref.repository';
import type { ShippingGroups } from './shipping-groups';
import type { StoreContexts } from './store-contexts';

export type IdCounter = 'products' | 'variants' | 'collections' | 'reservations';

/** Everything the use cases touch; service.ts builds it once. */
export interface CatalogDeps {
  products: ProductRepository;
  collections: CollectionRepository;
  variantRefs: VariantRefRepository;
  reservations: ReservationRepository;
  shippingGroupProjection: ShippingGroupRepository;
  storeContexts: StoreContexts;
  shippingGroups: ShippingGroups;
  nextId(counter: IdCounter): Promise<number>;
  clock(): Date;
  /**
   * Serializes this process's read-modify-write cycles per document (product, collection, reservation),
   * so they never race each other's optimistic check, which is left to guard against other replicas.
   */
  queue: KeyedQueue<string>;
  logger: Logger;
}
