import type { Logger } from '@commerce/observability';
import type { KeyedQueue } from '@commerce/persistence';
import type { BuiltInPageName } from '../domain/built-in-pages';
import type { StoreDefaults } from '../domain/default-templates';
import type { OrderReceipt } from '../domain/order-receipt';
import type { OrderSummary } from '../domain/order-summary';
import type { StoreCatalog } from '../domain/store-catalog';
import type { TemplateRecord } from '../domain/template';
import type { CustomDomainRepository } from '../infra/custom-domain.repository';
import type { StoreRepository } from '../infra/store.repository';
import type { VisitRepository } from '../infra/visit.repository';
import type { TemplateRepository } from '../infra/template.repository';
import type { CatalogProjectionWriter } from './catalog-projection';
import type { PageContentCache } from './page-content-cache';

export type { BuiltInPageName };

/** How the service renders a store's addresses and fills what a new store does not say. */
export interface StorefrontSettings {
  /** Host under which every store gets `<subdomain>.<domain>`. */
  storefrontDomain: string;
  storefrontScheme: string;
  /** The port in stores' `url` (domain/site-url.ts); absent or '', the scheme's default. */
  storefrontPort?: string;
  assetsBaseUrl: string;
  defaultTimeZone: string;
  /** Hosts the platform serves itself (the storefront domain, the assets and API hosts): no store may take them as its domain. */
  platformDomains: string[];
}

/** One page of the buyer site that rendered (docs/visits.md#definitions: what the visit statistics count). */
export interface PageView {
  store_id: number;
  /** The id of the gateway's visitor cookie when the gateway's signature on it held; '' otherwise (no cookie, or a forged one). */
  visitor_id: string;
  at: Date;
  user_agent: string;
  /** The client's address as the gateway's limits know it (IPv4, or an IPv6 address's /64); '' when unknown. */
  client_address: string;
  referer: string;
  /** The `ref` query parameter (`marketplace` marks a marketplace entry), or ''. */
  ref: string;
}

/** Where the page renderer hands each page view; the visit statistics aggregate them as they arrive. */
export interface PageViewRecorder {
  record(view: PageView): void;
}

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
  /**
   * The same sandbox and limits for one preview, keeping and reusing nothing: unsaved markup must neither be answered
   * from nor stored as the compiled saved template of the same id, and a preview that hits a limit holds no buyer's page.
   */
  forPreview(): PageEngine;
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

/** The notifications service, for the confirmation page's sentence about the receipt e-mail. */
export interface NotificationsPort {
  /** null when notifications does not answer (down, or not within its short deadline) or knows no such order. */
  receiptOf(storeId: number, orderId: number): Promise<OrderReceipt | null>;
}

/** Everything the use cases touch (each takes the Pick of it that it needs); service.ts builds it once. */
export interface StorefrontDeps {
  stores: StoreRepository;
  /** Which store holds each custom domain. */
  customDomains: CustomDomainRepository;
  /** Each store's page templates (its six defaults and custom pages). */
  templates: TemplateRepository;
  /** Integer store and template ids from the service's counters. */
  nextId(counter: 'stores' | 'templates'): Promise<number>;
  settings: StorefrontSettings;
  /** The layout, stylesheet and six templates every store starts with (assets/store-defaults/). */
  storeDefaults: StoreDefaults;
  clock: () => Date;
  /** Serializes this process's updates of one store (a version race per writer would exhaust the retries). */
  updates: KeyedQueue;
  /** Where rendered buyer pages go: the visit statistics count them (app/record-page-view.ts). */
  pageViews: PageViewRecorder;
  /** The visit statistics' counters (and browsers' state). */
  visits: VisitRepository;
  /** The buyer site's Liquid (infra/liquid.engine.ts). */
  engine: PageEngine;
  /** Each store's catalog as the site shows it (app/site-catalogs.ts). */
  catalogs: SiteCatalogSource;
  /** The catalog projection catalog's events keep (infra/catalog-projection.repository.ts). */
  projection: CatalogProjectionWriter;
  orders: OrdersPort;
  notifications: NotificationsPort;
  /** Store templates' output that read nothing of one buyer's, kept for the next page with the same inputs. */
  pageContents: PageContentCache;
  logger: Pick<Logger, 'warn'>;
}
