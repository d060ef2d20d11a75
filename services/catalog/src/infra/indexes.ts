import type { Collection, Database } from '@commerce/persistence';
import { CollectionRepository, type CollectionDocument } from './collection.repository';
import { ProductRepository, type ProductDocument } from './product.repository';
import { ReadyImageRepository, type ReadyImageDocument } from './ready-image.repository';
import { ReservationRepository, type ReservationDocument } from './reservation.repository';
import { ShippingGroupRepository, type ShippingGroupDocument } from './shipping-group.repository';
import { StoreContextRepository, type StoreContextDocument } from './store-context.repository';
import { VariantRefRepository, type VariantRefDocument } from './variant-ref.repository';
import { VariantStockRepository, type VariantStockDocument } from './variant-stock.repository';
/** The products' listing indexes; the ones they replaced (without search_text) are dropped by a migration. */
export const PRODUCT_LISTING_INDEXES = {
  byId: 'products_live_text',
  byStatus: 'products_live_by_status_text',
  byGroup: 'products_live_by_group_text',
} as const;
export const RETIRED_PRODUCT_LISTING_INDEXES = ['products_live_by_id', 'products_live_by_status', 'products_live_by_group'] as const;

/**
 * The low-stock list's rows: one per variant by id, and the list itself, a range on in_stock from the bottom in
 * (in_stock, id) order, which also serves its count.
 */
export async function ensureVariantStockIndexes(rows: Collection<VariantStockDocument>): Promise<void> {
  await rows.createIndex({ store_id: 1, id: 1 }, { unique: true, name: 'variant_stock_store_id' });
  await rows.createIndex({ store_id: 1, deleted: 1, in_stock: 1, id: 1 }, { name: 'variant_stock_low' });
}

/**
 * Every lookup and list the service makes is backed by one of these
 * (docs/persistence.md#indexes-listing-cost-does-not-grow-with-the-store): an equality prefix (store, deleted, filter field) then the one
 * range or sort field, so a page costs the same in a store of ten products or of a million.
 */
export async function ensureCatalogIndexes(db: Database): Promise<void> {
  await ensureVariantStockIndexes(db.collection<VariantStockDocument>(VariantStockRepository.collection));
  const c = {
    products: db.collection<ProductDocument>(ProductRepository.collection),
    collections: db.collection<CollectionDocument>(CollectionRepository.collection),
    variantRefs: db.collection<VariantRefDocument>(VariantRefRepository.collection),
    reservations: db.collection<ReservationDocument>(ReservationRepository.collection),
    storeContexts: db.collection<StoreContextDocument>(StoreContextRepository.collection),
    shippingGroups: db.collection<ShippingGroupDocument>(ShippingGroupRepository.collection),
    readyImages: db.collection<ReadyImageDocument>(ReadyImageRepository.collection),
  };
  // Products: identity, the default list (by id), its filters, updated_at windows, rank for top/bottom. The three
  // listing indexes end with search_text: a search (`q`, a contains-match) walks them in id order testing each entry,
  // never the documents (ProductRepository.page); replacing the indexes without it (migrations.ts) costs writes nothing.
  await c.products.createIndex({ store_id: 1, id: 1 }, { unique: true, name: 'products_store_id' });
  await c.products.createIndex({ store_id: 1, deleted: 1, id: 1, search_text: 1 }, { name: PRODUCT_LISTING_INDEXES.byId });
  await c.products.createIndex({ store_id: 1, deleted: 1, status: 1, id: 1, search_text: 1 }, { name: PRODUCT_LISTING_INDEXES.byStatus });
  await c.products.createIndex(
    { store_id: 1, deleted: 1, shipping_group_id: 1, id: 1, search_text: 1 },
    { name: PRODUCT_LISTING_INDEXES.byGroup },
  );
  await c.products.createIndex({ store_id: 1, deleted: 1, updated_at: 1 }, { name: 'products_live_by_updated_at' });
  await c.products.createIndex({ store_id: 1, deleted: 1, position: 1 }, { name: 'products_live_by_rank' });
  await c.products.createIndex({ collections_cleanup_pending: 1 }, { name: 'products_cleanup_pending' });
  // The products whose photos refer to an image (media's ImagesInUse, image/ready): multikey on MongoDB.
  await c.products.createIndex({ store_id: 1, deleted: 1, 'photos.image_id': 1 }, { name: 'products_live_by_image' });

  await c.collections.createIndex({ store_id: 1, id: 1 }, { unique: true, name: 'collections_store_id' });
  await c.collections.createIndex({ store_id: 1, deleted: 1, id: 1 }, { name: 'collections_live_by_id' });
  // Membership lookups (a product's collections) match inside the product_ids array: a multikey index on MongoDB.
  await c.collections.createIndex({ product_ids: 1 }, { name: 'collections_by_member' });

  await c.variantRefs.createIndex({ store_id: 1, id: 1 }, { unique: true, name: 'variant_refs_store_id' });

  await c.reservations.createIndex({ store_id: 1, order_key: 1 }, { unique: true, name: 'reservations_store_order_key' });
  await c.reservations.createIndex({ store_id: 1, id: 1 }, { unique: true, name: 'reservations_store_id' });
  await c.reservations.createIndex({ marks_pending: 1, id: 1 }, { name: 'reservations_unsettled' });

  await c.readyImages.createIndex({ store_id: 1, image_id: 1 }, { unique: true, name: 'ready_images_store_image' });

  await c.storeContexts.createIndex({ store_id: 1 }, { unique: true, name: 'store_contexts_store' });
  await c.shippingGroups.createIndex({ store_id: 1, id: 1 }, { unique: true, name: 'shipping_groups_store_id' });
  await c.shippingGroups.createIndex({ store_id: 1, deleted: 1, id: 1 }, { name: 'shipping_groups_live_by_id' });
  // The sweep for retirements whose delete never happened; most groups have none (missing sorts first, never matches $lt).
  await c.shippingGroups.createIndex({ 'retirement.at': 1 }, { name: 'shipping_groups_retired_at' });
}
