import type { Migration } from '@commerce/service-host';
import { CustomDomainRepository } from './custom-domain.repository';
import { StoreRepository } from './store.repository';

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
