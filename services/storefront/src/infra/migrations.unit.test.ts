import { openDatabase, type Database } from '@commerce/persistence';
import { CustomDomainRepository, type CustomDomainClaim } from './custom-domain.repository';
import { claimExistingCustomDomains } from './migrations';
import { StoreRepository } from './store.repository';

describe('migration 1: claim the custom domains stores already show', () => {
  let db: Database;
  beforeEach(async () => {
    db = await openDatabase({ engine: 'memory' });
  });
  afterEach(() => db.close());

  it('gives each domain to the oldest store showing it, and skips stores without one', async () => {
    const stores = StoreRepository.collectionOf(db);
    for (const [id, custom_domain] of [[3, 'shared.example.com'], [1, 'shared.example.com'], [2, null], [4, 'own.example.com']] as const) {
      await stores.insertOne({ id, custom_domain } as never);
    }

    await claimExistingCustomDomains.run(db);

    const claims = await db.collection<CustomDomainClaim>('custom_domains').find({}, { sort: { domain: 1 } });
    expect(claims.map((claim) => [claim.domain, claim.store_id])).toEqual([
      ['own.example.com', 4],
      ['shared.example.com', 1],
    ]);
    const repository = new CustomDomainRepository(db.collection('custom_domains'));
    expect(await repository.claim('shared.example.com', 3, new Date())).toBe(false);
    expect(await repository.claim('shared.example.com', 1, new Date())).toBe(true);
  });
});
