import type { Logger } from '@commerce/observability';
import type { BuiltInPageName } from '../domain/built-in-pages';
import type { StoreCatalog } from '../domain/store-catalog';
import type { OrderSummary } from '../domain/order-summary';
import type { TemplateRecord } from '../domain/template';
import type { PageContentCache } from './page-content-cache';
import type { StorefrontDeps } from './storefront-deps';

export type { BuiltInPageName };

/** A store's templates, which its Liquid may include one another from (never another store's). */
export interface StoreTemplates {
  storeId: number;
  templates: readonly TemplateRecord[];
}

/**
 * Liquid rendering in a sandbox (infra/liquid.engine.ts): escaped output, no file access, time and memory limits.
 * Every method throws when the markup fails to parse or render (a limit hit, a syntax error).
 */
export interface PageEngine {
  /** One of the store's templates; compiled once per (template id, updated_at). */
  renderTemplate(site: StoreTemplates, template: TemplateRecord, variables: object): Promise<string>;
  /** The store's own layout markup around `content` (written where the layout says `{{ content_for_layout }}`). */
  renderStoreLayout(site: StoreTemplates, layout: string, content: string, variables: object): Promise<string>;
  /** A page of the platform's own; `content` is the page inside the built-in layout. */
  renderBuiltIn(name: BuiltInPageName, variables: object, content?: string): Promise<string>;
}

/** The site's view of each store's catalog, from the projection catalog's events keep (app/site-catalogs.ts). */
export interface SiteCatalogSource {
  /** The catalog, and the projection's version of the store it was read at. */
  catalogOf(storeId: number): Promise<{ version: number; catalog: StoreCatalog }>;
}

/** The orders service, for the confirmation page. */
export interface OrdersPort {
  /** null when the store has no such order. */
  orderOf(storeId: number, orderId: number): Promise<OrderSummary | null>;
}

/** What rendering a page uses. */
export interface PageDeps extends Pick<StorefrontDeps, 'stores' | 'templates' | 'nextId' | 'clock' | 'pageViews'> {
  engine: PageEngine;
  catalogs: SiteCatalogSource;
  orders: OrdersPort;
  /** Store templates' output that read nothing of one buyer's, kept for the next page with the same inputs. */
  pageContents: PageContentCache;
  logger: Pick<Logger, 'warn'>;
}
