import { Router, type Express } from 'express';
import type { Logger } from '@commerce/observability';
import type { BackendClients } from '../../clients';
import type { IdempotencyRecords } from '../../idempotency/idempotency.store';
import type { LeakyBucket } from '../../rate-limit/leaky-bucket';
import { checkoutRoutes } from './checkout.routes';
import { storeAddressFromHost, storeAddressFromPath } from './store-address';
import { StoreDirectory } from './store-directory';

export interface BuyerRouteOptions {
  /** Buyer sites answer at `<subdomain>.<storefrontDomain>` (config STOREFRONT_DOMAIN). */
  storefrontDomain: string;
  /** Checkouts per client address; absent, not limited. */
  checkoutLimit?: LeakyBucket;
  idempotency?: IdempotencyRecords;
  logger: Logger;
}

/**
 * The buyer path (DESIGN §10), no owner credential: one router of the store's site, reached at
 * `/s/<subdomain>/...` and on the store's own host (`<subdomain>.<STOREFRONT_DOMAIN>` or its custom
 * domain). Its routes find their store with resolveStore and buyerStoreOf (store-address.ts). Mount
 * after /v1 and the other app routes: the Host form takes only the paths the site serves.
 */
export function buyerRoutes(app: Express, clients: BackendClients, options: BuyerRouteOptions): void {
  const directory = new StoreDirectory(clients.stores);
  const site = Router();
  checkoutRoutes(site, clients, { directory, limit: options.checkoutLimit, idempotency: options.idempotency, logger: options.logger });
  app.use('/s/:subdomain', storeAddressFromPath(), site);
  app.use(storeAddressFromHost(options.storefrontDomain), site);
}

export { StoreDirectory, type StoreAddress } from './store-directory';
export { buyerStoreOf, resolveStore, storeAddressFromHost, storeAddressFromPath } from './store-address';
