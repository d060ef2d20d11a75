import type { catalog } from '@commerce/contracts';
import type { StoreJson } from '@commerce/api-presenters';
import { notFound } from '@commerce/grpc-runtime';
import { DEFAULT_CURRENCY } from '@commerce/money';
import type { StoreContextRepository } from '../infra/store-context.repository';
import type { StorefrontPort } from './catalog-deps';

/**
 * The store context every answer and event carries. Read from the projection the storefront's
 * store events keep; a store the projection has not seen yet (its store/created still on the way)
 * is asked of the storefront once and remembered.
 */
export class StoreContexts {
  constructor(
    private readonly projection: StoreContextRepository,
    private readonly storefront: StorefrontPort,
  ) {}

  async of(storeId: number): Promise<catalog.StoreContext> {
    const known = await this.projection.find(storeId);
    if (known) return known;
    const snapshot = await this.storefront.storeContext(storeId);
    if (!snapshot) throw notFound('store');
    await this.projection.save(storeId, snapshot.context, snapshot.updatedAt);
    return snapshot.context;
  }

  /** A store/created or store/updated event's rendering (the store JSON of presentStore; no currency before there were any). */
  async apply(
    storeId: number,
    resource: Pick<StoreJson, 'time_zone' | 'subdomain' | 'url' | 'updated_at'> & Partial<Pick<StoreJson, 'currency'>>,
  ): Promise<void> {
    const context = {
      time_zone: resource.time_zone ?? '',
      subdomain: resource.subdomain ?? '',
      url: resource.url ?? '',
      // A store event of a storefront from before currencies carries none: that store is in USD.
      currency: resource.currency || DEFAULT_CURRENCY,
    };
    const updatedAt = typeof resource.updated_at === 'string' ? new Date(resource.updated_at) : new Date(0);
    await this.projection.save(storeId, context, Number.isNaN(updatedAt.getTime()) ? new Date(0) : updatedAt);
  }
}
