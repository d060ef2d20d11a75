import type { Database } from '@commerce/persistence';
import { CatalogProjectionRepository } from './catalog-projection.repository';
import { CustomDomainRepository, type CustomDomainClaim } from './custom-domain.repository';
import { StoreRepository, type StoreDocument } from './store.repository';
import { TemplateRepository, type TemplateDocument } from './template.repository';
import { VisitRepository, type VisitCountDocument, type VisitorDocument } from './visit.repository';

/** Every lookup the service makes is backed by one of these (docs/service-template.md#collections-and-indexes). */
export async function ensureStorefrontIndexes(db: Database): Promise<void> {
  const stores = db.collection<StoreDocument>(StoreRepository.collection);
  await stores.createIndex({ id: 1 }, { unique: true, name: 'stores_id' });
  await stores.createIndex({ subdomain: 1 }, { unique: true, name: 'stores_subdomain' });
  await stores.createIndex({ request_key: 1 }, { unique: true, name: 'stores_request_key' });

  await ensureCustomDomainIndexes(db);
  await ensureTemplateIndexes(db);

  const visitors = db.collection<VisitorDocument>(VisitRepository.collections.visitors);
  const counts = db.collection<VisitCountDocument>(VisitRepository.collections.counts);
  await visitors.createIndex({ store_id: 1, visitor_id: 1 }, { unique: true, name: 'visit_visitors_store_visitor' });
  await visitors.createIndex({ last_seen: 1 }, { name: 'visit_visitors_last_seen' });
  await counts.createIndex({ store_id: 1, period: 1, start: 1 }, { unique: true, name: 'visit_counts_store_period_start' });
  await counts.createIndex({ start: 1 }, { name: 'visit_counts_start' });

  // The catalog projection: one row per record and per store version. The site reads a store whole in pages by id.
  const { products, variants, collections, versions } = CatalogProjectionRepository.collectionsOf(db);
  await products.createIndex({ store_id: 1, id: 1 }, { unique: true, name: 'catalog_products_store_id' });
  await variants.createIndex({ store_id: 1, id: 1 }, { unique: true, name: 'catalog_variants_store_id' });
  await collections.createIndex({ store_id: 1, id: 1 }, { unique: true, name: 'catalog_collections_store_id' });
  // The site reads a store's records changed since its version: unstamped (0) and stamped after it (changesSince).
  await products.createIndex({ store_id: 1, stamp: 1 }, { name: 'catalog_products_store_stamp' });
  await variants.createIndex({ store_id: 1, stamp: 1 }, { name: 'catalog_variants_store_stamp' });
  await collections.createIndex({ store_id: 1, stamp: 1 }, { name: 'catalog_collections_store_stamp' });
  await versions.createIndex({ store_id: 1 }, { unique: true, name: 'catalog_versions_store' });
  // The storefront warms the catalogs of the stores changed lately at start, the latest first (storesChangedSince).
  await versions.createIndex({ updated_at: -1 }, { name: 'catalog_versions_updated' });
}

/** The claims' index, which migration 1 (migrations.ts) also needs before it claims. */
export async function ensureCustomDomainIndexes(db: Database): Promise<void> {
  const claims = db.collection<CustomDomainClaim>(CustomDomainRepository.collection);
  await claims.createIndex({ domain: 1 }, { unique: true, name: 'custom_domains_domain' });
}

/** The templates' indexes, which migration 2 (migrations.ts) also needs before it writes defaults. */
export async function ensureTemplateIndexes(db: Database): Promise<void> {
  const templates = db.collection<TemplateDocument>(TemplateRepository.collection);
  await templates.createIndex({ id: 1 }, { unique: true, name: 'templates_id' });
  await templates.createIndex({ store_id: 1, permalink: 1 }, { unique: true, name: 'templates_store_permalink' });
  await templates.createIndex({ store_id: 1, kind: 1, slot: 1 }, { unique: true, name: 'templates_store_kind_slot' });
}
