import type { Migration } from '@commerce/service-host';
import { CustomDomainRepository } from './custom-domain.repository';
import { OutboxCollection } from '@commerce/events';
import { StoreRepository, type StoreDocument } from './store.repository';
import { loadStorefrontAssets } from './storefront-assets';
import { TemplateRepository, type TemplateDocument } from './template.repository';
import { ensureCustomDomainIndexes, ensureTemplateIndexes } from './indexes';
import { ensureDefaultTemplates } from '../app/store-templates';

/**
 * Custom domains became unique (issue 12): every store that already shows one claims it, oldest store first, so a
 * domain two stores had set stays with the first and the other store's next change of it is refused.
 */
export const claimExistingCustomDomains: Migration = {
  id: 1,
  name: 'claim the custom domains stores already show',
  async run(db) {
    await ensureCustomDomainIndexes(db);
    const claims = new CustomDomainRepository(db.collection(CustomDomainRepository.collection));
    const stores = await db
      .collection<StoreDocument>(StoreRepository.collection)
      .findFields({ custom_domain: { $gt: '' } }, ['id', 'custom_domain'], {
        sort: { id: 1 },
      });
    for (const store of stores) if (store.custom_domain) await claims.claim(store.custom_domain, store.id, new Date());
  },
};

/**
 * Page templates arrived (issue 15): every store created before them gets its six defaults, so the buyer site and
 * GET /v1/store/templates find them at once. Safe to repeat: a store's default of a kind is written once
 * (app/store-templates.ts, which also heals any store this misses on its first read).
 */
export const writeDefaultTemplates: Migration = {
  id: 2,
  name: 'write the six default templates of every store',
  async run(db) {
    await ensureTemplateIndexes(db);
    const deps = {
      templates: new TemplateRepository(new OutboxCollection<TemplateDocument>(db.collection(TemplateRepository.collection))),
      nextId: (counter: string) => db.nextId(counter),
      clock: () => new Date(),
      storeDefaults: loadStorefrontAssets().storeDefaults,
    };
    const stores = await db.collection<StoreDocument>(StoreRepository.collection).findFields({}, ['id'], { sort: { id: 1 } });
    for (const store of stores) await ensureDefaultTemplates(deps, store.id);
  },
};

/** Where the catalog projection's consumer recorded every event it handled until it no longer needed to (issue 10). */
export const RETIRED_PROCESSED_EVENTS = { collection: 'processed_events', index: 'processed_event_key' } as const;

/**
 * The catalog projection is idempotent by sequence (infra/catalog-events.consumer.ts): nothing reads the record of
 * handled events it kept before, two rows per product created. They and their unique index go; a no-op on a new
 * database and when repeated.
 */
export const forgetProcessedCatalogEvents: Migration = {
  id: 3,
  name:
    `delete the handled-event records in ${RETIRED_PROCESSED_EVENTS.collection}, which nothing reads since the ` +
    'projection is idempotent',
  async run(db) {
    const processed = db.collection(RETIRED_PROCESSED_EVENTS.collection);
    await processed.deleteMany({});
    await processed.dropIndex(RETIRED_PROCESSED_EVENTS.index);
  },
};

/** The service's migrations, in the order they were added; never renumber one that shipped. */
export const STOREFRONT_MIGRATIONS: readonly Migration[] = [
  claimExistingCustomDomains,
  writeDefaultTemplates,
  forgetProcessedCatalogEvents,
];
