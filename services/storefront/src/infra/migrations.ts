import type { Migration } from '@commerce/service-host';
import { CustomDomainRepository } from './custom-domain.repository';
import { StoreRepository } from './store.repository';
import { TemplateRepository } from './template.repository';
import { ensureDefaultTemplates } from '../app/store-templates';

/**
 * Custom domains became unique (issue 12): every store that already shows one claims it, oldest store first, so a
 * domain two stores had set stays with the first and the other store's next change of it is refused.
 */
export const claimExistingCustomDomains: Migration = {
  id: 1,
  name: 'claim the custom domains stores already show',
  async run(db) {
    const collection = CustomDomainRepository.collectionOf(db);
    await CustomDomainRepository.ensureIndexes(collection);
    const claims = new CustomDomainRepository(collection);
    const stores = await StoreRepository.collectionOf(db).findFields({ custom_domain: { $gt: '' } }, ['id', 'custom_domain'], { sort: { id: 1 } });
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
    const collection = TemplateRepository.collectionOf(db);
    await TemplateRepository.ensureIndexes(collection);
    const deps = { templates: new TemplateRepository(collection), nextId: (counter: string) => db.nextId(counter), clock: () => new Date() };
    const stores = await StoreRepository.collectionOf(db).findFields({}, ['id'], { sort: { id: 1 } });
    for (const store of stores) await ensureDefaultTemplates(deps, store.id);
  },
};
