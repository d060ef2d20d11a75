import { Router, type Express } from 'express';
import type { Logger } from '@commerce/observability';
import type { BackendClients } from '../../clients';
import type { IdempotencyRecords } from '../../idempotency/idempotency.store';
import type { LeakyBucket } from '../../rate-limit/leaky-bucket';
import { checkoutFormRoutes } from './checkout-form.routes';
import { checkoutRoutes, quoteRoutes } from './checkout.routes';
import { OrderTokens } from './order-token';
import { isHeadlessCheckout, toOwnSite } from './own-site';
import { pageErrors } from './page-render';
import { pageRoutes } from './pages.routes';
import { storeAddressFromHost, storeAddressFromPath } from './store-address';
import { StoreDirectory } from './store-directory';
import { VisitorIds, visitorIdsFor } from './visitor';

export interface BuyerRouteOptions {
  /** Buyer sites answer at `<subdomain>.<storefrontDomain>` (config STOREFRONT_DOMAIN). */
  storefrontDomain: string;
  /** The platform's own host names (pages/platform-host.ts): never a store's site, whatever a store claimed. */
  platformHosts: ReadonlySet<string>;
  /** Checkouts per client address; absent, not limited. */
  checkoutLimit?: LeakyBucket;
  idempotency?: IdempotencyRecords;
  /** Signs confirmation-page addresses (32 bytes, the same on every replica; main.ts derives it); absent, a random key of this process. */
  siteKey?: Buffer;
  /** Signs visitor cookies (as siteKey, derived apart from it). */
  visitorKey?: Buffer;
  logger: Logger;
}

/**
 * The buyer path (docs/buyer-site.md#one-origin-per-store), no owner credential: one router of the store's site, on the store's own host
 * (`<subdomain>.<STOREFRONT_DOMAIN>` or its custom domain), an origin of its own. `/s/<subdomain>/...` redirects
 * there, but for a headless storefront's JSON checkout (own-site.ts). Its routes find their store with resolveStore
 * and buyerStoreOf (store-address.ts), pages with pageStore (page-render.ts). Mount after /v1 and the other app
 * routes: a host that is no store's (the platform's own) leaves the site for the routes after it.
 */
export function buyerRoutes(app: Express, clients: BackendClients, options: BuyerRouteOptions): void {
  const directory = new StoreDirectory(clients.stores);
  const tokens = new OrderTokens(options.siteKey);
  const site = Router();
  site.use(visitorIdsFor(new VisitorIds(options.visitorKey)));
  // The checkout page's form first (browsers only), then the JSON checkout, then every page GET.
  checkoutFormRoutes(site, clients, { directory, tokens, limit: options.checkoutLimit });
  quoteRoutes(site, clients, { directory, limit: options.checkoutLimit });
  checkoutRoutes(site, clients, {
    directory,
    limit: options.checkoutLimit,
    idempotency: options.idempotency,
    tokens,
    logger: options.logger,
  });
  pageRoutes(site, clients, { directory, tokens });
  site.use(pageErrors(options.logger));
  const pathForm = Router();
  pathForm.use(toOwnSite(directory, isHeadlessCheckout));
  quoteRoutes(pathForm, clients, { directory, limit: options.checkoutLimit });
  checkoutRoutes(pathForm, clients, {
    directory,
    limit: options.checkoutLimit,
    idempotency: options.idempotency,
    tokens,
    logger: options.logger,
  });
  pathForm.use(pageErrors(options.logger));
  app.use('/s/:subdomain', storeAddressFromPath(), pathForm);
  app.use(storeAddressFromHost(options.storefrontDomain, options.platformHosts), site);
}

export { StoreDirectory, type StoreAddress } from './store-directory';
export { buyerStoreOf, resolveStore, storeAddressFromHost, storeAddressFromPath } from './store-address';
