import type { Logger } from '@commerce/observability';
import { KeyedQueue, type Collection, type Database, type Doc } from '@commerce/persistence';
import type { CatalogDeps } from './app/catalog-deps';
import { ShippingGroups } from './app/shipping-groups';
import { StoreContexts } from './app/store-contexts';
import { CollectionRepository } from './infra/collection.repository';
import { ensureCatalogIndexes } from './infra/indexes';
import { ProductRepository } from './infra/product.repository';
import { ReservationRepository } from './infra/reservation.repository';
import { ShippingGroupRepository } from './infra/shipping-group.repository';
import type { ShippingPort } from './infra/shipping.client';
import { StoreContextRepository } from './infra/store-context.repository';
import type { StorefrontPort } from './infra/storefront.client';
import { VariantRefRepository } from './infra/variant-ref.repository';

export interface CatalogWiring {
  db: Database;
  /** Registers a collection whose documents carry an outbox with the relay (ServiceHost.relayOutboxOf). */
  relayOutboxOf: <T extends Doc>(collection: Collection<T>) => Collection<T>;
  storefront: StorefrontPort;
  shipping: ShippingPort;
  logger: Logger;
}

/** The repositories over their indexed collections and the use cases' dependencies, from a database and the two remote ports. */
export async function wireCatalog(wiring: CatalogWiring): Promise<CatalogDeps> {
  const { db } = wiring;
  const collections = {
    products: wiring.relayOutboxOf(ProductRepository.collectionOf(db)),
    collections: wiring.relayOutboxOf(CollectionRepository.collectionOf(db)),
    variantRefs: VariantRefRepository.collectionOf(db),
    reservations: ReservationRepository.collectionOf(db),
    storeContexts: StoreContextRepository.collectionOf(db),
    shippingGroups: ShippingGroupRepository.collectionOf(db),
  };
  await ensureCatalogIndexes(collections);
  const shippingGroupProjection = new ShippingGroupRepository(collections.shippingGroups);
  return {
    products: new ProductRepository(collections.products),
    collections: new CollectionRepository(collections.collections),
    variantRefs: new VariantRefRepository(collections.variantRefs),
    reservations: new ReservationRepository(collections.reservations),
    shippingGroupProjection,
    storeContexts: new StoreContexts(new StoreContextRepository(collections.storeContexts), wiring.storefront),
    shippingGroups: new ShippingGroups(shippingGroupProjection, wiring.shipping),
    nextId: (counter) => db.nextId(counter),
    clock: () => new Date(),
    queue: new KeyedQueue<string>(),
    logger: wiring.logger,
  };
}
