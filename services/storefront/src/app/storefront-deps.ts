import type { KeyedQueue } from '@commerce/persistence';
import type { CustomDomainRepository } from '../infra/custom-domain.repository';
import type { StoreRepository } from '../infra/store.repository';
import type { VisitRepository } from '../infra/visit.repository';
import type { TemplateRepository } from '../infra/template.repository';

/** How the service renders a store's addresses and fills what a new store does not say. */
export interface StorefrontSettings {
  /** Host under which every store gets `<subdomain>.<domain>`. */
  storefrontDomain: string;
  storefrontScheme: string;
  assetsBaseUrl: string;
  defaultTimeZone: string;
  /** Hosts the platform serves itself (the storefront domain, the assets and API hosts): no store may take them as its domain. */
  platformDomains: string[];
}

/** One page of the buyer site that rendered (DESIGN §8: what the visit statistics count). */
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

/** Everything the use cases touch; service.ts builds it once. */
export interface StorefrontDeps {
  stores: StoreRepository;
  /** Which store holds each custom domain. */
  customDomains: CustomDomainRepository;
  /** Each store's page templates (its six defaults and custom pages). */
  templates: TemplateRepository;
  /** Integer store and template ids from the service's counters. */
  nextId(counter: 'stores' | 'templates'): Promise<number>;
  settings: StorefrontSettings;
  clock: () => Date;
  /** Serializes this process's updates of one store (a version race per writer would exhaust the retries). */
  updates: KeyedQueue;
  /** Where rendered buyer pages go: the visit statistics count them (app/record-page-view.ts). */
  pageViews: PageViewRecorder;
  /** The visit statistics' counters (and browsers' state). */
  visits: VisitRepository;
}
