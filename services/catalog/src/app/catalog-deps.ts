import type { catalog } from '@commerce/contracts';
import type { Logger } from '@commerce/observability';
import type { KeyedQueue } from '@commerce/persistence';
import type { CollectionRepository } from '../infra/collection.repository';
import type { ProductRepository } from '../infra/product.repository';
import type { ReadyImageRepository } from '../infra/ready-image.repository';
import type { ReservationRepository } from '../infra/reservation.repository';
import type { ShippingGroupRepository } from '../infra/shipping-group.repository';
import type { VariantRefRepository } from '../infra/variant-ref.repository';
import type { VariantStockRepository } from '../infra/variant-stock.repository';
import type { ShippingGroups } from './shipping-groups';
import type { StoreContexts } from './store-contexts';

export type IdCounter = 'products' | 'variants' | 'collections' | 'reservations' | 'photos';

/** Everything the use cases touch; service.ts builds it once. */
export interface CatalogDeps {
  products: ProductRepository;
  collections: CollectionRepository;
  variantRefs: VariantRefRepository;
  /** The low-stock list's rows, a projection of catalog's own variant events (app/variant-stock-events.ts). */
  variantStock: VariantStockRepository;
  reservations: ReservationRepository;
  shippingGroupProjection: ShippingGroupRepository;
  /** Media's ready images (image/ready), for photos written just after theirs became ready. */
  readyImages: ReadyImageRepository;
  storeContexts: StoreContexts;
  shippingGroups: ShippingGroups;
  /** Shipping itself, for what the projection cannot answer (whether a retired group still exists). */
  shipping: ShippingPort;
  /** How long a shipping group's retirement holds before the sweep may restore a group shipping still has. */
  groupRetirementHoldMs: number;
  /** The media service, which hosts the images of photos given by URL. */
  media: MediaPort;
  /** Where product events point hosted photos (`//api.example.com`, from PUBLIC_URL; '' for host-relative paths). */
  mediaOrigin: string;
  nextId(counter: IdCounter): Promise<number>;
  clock(): Date;
  /**
   * Serializes this process's read-modify-write cycles per document (product, collection, reservation),
   * so they never race each other's optimistic check, which is left to guard against other replicas.
   */
  queue: KeyedQueue<string>;
  logger: Logger;
}

export interface StoreSnapshot {
  context: catalog.StoreContext;
  updatedAt: Date;
}

/** The storefront as catalog asks it: a store's rendering context, or null for a store that does not exist. */
export interface StorefrontPort {
  storeContext(storeId: number): Promise<StoreSnapshot | null>;
}

export interface GroupSummary {
  id: number;
  name: string;
}

/** Shipping as catalog asks it, for groups its projection has not seen yet. */
export interface ShippingPort {
  /** The store's group, or null when it is not one of the store's. */
  group(storeId: number, groupId: number): Promise<GroupSummary | null>;
  /** The store's default group (its lowest-id live group), or null when it has none. */
  defaultGroup(storeId: number): Promise<GroupSummary | null>;
}

/** The media service as catalog asks it (docs/catalog.md#photos). */
export interface MediaPort {
  /**
   * Registers an image to be fetched from `url` for the store, answering its id at once (media fetches it in the
   * background and says image/ready or image/failed). Throws when media refuses the URL or cannot be reached in time.
   */
  importImage(storeId: number, url: string): Promise<number>;
}
