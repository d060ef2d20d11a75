import { DuplicateKeyError, type Collection, type Doc } from '@commerce/persistence';

/** Which store a custom domain belongs to: one document per domain, so two stores can never hold one. */
export interface CustomDomainClaim extends Doc {
  /** The domain, normalised (lowercase); unique (index `custom_domains_domain`). */
  domain: string;
  store_id: number;
  claimed_at: Date;
}

export class CustomDomainRepository {
  static readonly collection = 'custom_domains';

  constructor(private readonly claims: Collection<CustomDomainClaim>) {}

  /** Claims the domain for the store; true when it is the store's now (or already was), false when another store holds it. */
  async claim(domain: string, storeId: number, now: Date): Promise<boolean> {
    try {
      await this.claims.insertOne({ domain, store_id: storeId, claimed_at: now });
      return true;
    } catch (error) {
      if (!(error instanceof DuplicateKeyError)) throw error;
      return (await this.claims.findOne({ domain }))?.store_id === storeId;
    }
  }

  /** The id of the store that claimed the domain (normalised), or null when no store did. */
  async holderOf(domain: string): Promise<number | null> {
    return (await this.claims.findOne({ domain }))?.store_id ?? null;
  }

  /** Gives the domain up, if this store holds it. */
  async release(domain: string, storeId: number): Promise<void> {
    await this.claims.deleteOne({ domain, store_id: storeId });
  }
}
