import { orders, storefront } from '@commerce/contracts';
import { createClient, implement } from '@commerce/grpc-runtime';
import { KeyedQueue } from '@commerce/persistence';
import { periodic, ServiceHost, type RunningService } from '@commerce/service-host';
import { pruneVisits, storeTimeZones, VisitAggregator, visitFlushTask } from './app/record-page-view';
import { applyCatalogEvent } from './app/catalog-projection';
import { PageContentCache } from './app/page-content-cache';
import type { PageDeps } from './app/page-deps';
import { SiteCatalogs } from './app/site-catalogs';
import type { StorefrontDeps } from './app/storefront-deps';
import type { StorefrontConfig } from './config';
import { BUILT_IN_PAGES } from './domain/built-in-pages';
import { siteAddressOf } from './domain/site-url';
import { pageHandlers } from './grpc/page.handlers';
import { storefrontHandlers } from './grpc/storefront.handlers';
import { templateHandlers } from './grpc/template.handlers';
import { visitHandlers } from './grpc/visit.handlers';
import { catalogEventsConsumer } from './infra/catalog-events.consumer';
import { CatalogProjectionRepository } from './infra/catalog-projection.repository';
import { CustomDomainRepository } from './infra/custom-domain.repository';
import { ensureStorefrontIndexes } from './infra/indexes';
import { STOREFRONT_MIGRATIONS } from './infra/migrations';
import { LiquidPageEngine } from './infra/liquid.engine';
import { OrdersClientPort } from './infra/orders.client';
import { StoreRepository } from './infra/store.repository';
import { TemplateRepository } from './infra/template.repository';
import { VisitRepository } from './infra/visit.repository';

/** Store → relay → gRPC, wired from the config; `main` runs it, integration tests start it in-process. */
export function startStorefrontService(config: StorefrontConfig): Promise<RunningService> {
  return ServiceHost.start(config, async (host) => {
    await ensureStorefrontIndexes(host.db);
    const visits = VisitRepository.open(host.db);
    const storeRepository = new StoreRepository(host.outboxCollection(StoreRepository.collection));
    const pageViews = new VisitAggregator({
      visits,
      timeZoneOf: storeTimeZones(storeRepository, config.DEFAULT_TIME_ZONE),
      storefrontDomain: config.STOREFRONT_DOMAIN,
      onError: (error) => host.logger.error({ err: error }, 'page views not counted'),
    });

    const site = siteAddressOf(config);
    const deps: StorefrontDeps = {
      stores: storeRepository,
      customDomains: new CustomDomainRepository(host.db.collection(CustomDomainRepository.collection)),
      templates: new TemplateRepository(host.outboxCollection(TemplateRepository.collection)),
      nextId: (counter) => host.db.nextId(counter),
      settings: {
        storefrontDomain: config.STOREFRONT_DOMAIN,
        storefrontScheme: site.scheme,
        storefrontPort: site.port,
        assetsBaseUrl: config.ASSETS_BASE_URL,
        defaultTimeZone: config.DEFAULT_TIME_ZONE,
        platformDomains: platformDomainsOf(config),
      },
      clock: () => new Date(),
      updates: new KeyedQueue(),
      pageViews,
      visits,
    };
    const catalogProjection = CatalogProjectionRepository.open(host.db);
    const pageDeps: PageDeps = {
      ...deps,
      engine: new LiquidPageEngine(BUILT_IN_PAGES),
      catalogs: new SiteCatalogs(catalogProjection),
      pageContents: new PageContentCache(),
      orders: new OrdersClientPort(
        createClient(orders.OrdersServiceClient, config.ORDERS_GRPC_ADDR, { deadlineMs: config.ORDERS_DEADLINE_MS }),
      ),
      logger: host.logger,
    };
    const visitPrune = periodic(
      'visit retention',
      3_600_000,
      async () => void (await pruneVisits(visits, new Date())),
      (error) => host.logger.error({ err: error }, 'visit retention failed'),
    );
    return {
      services: [
        implement(storefront.StoreServiceService, storefrontHandlers(deps)),
        implement(storefront.VisitServiceService, visitHandlers(deps)),
        implement(storefront.TemplateServiceService, templateHandlers(deps)),
        implement(storefront.PageServiceService, pageHandlers(pageDeps)),
      ],
      protoFiles: ['commerce/storefront/v1/storefront.proto'],
      migrations: STOREFRONT_MIGRATIONS,
      background: [
        visitFlushTask(pageViews),
        visitPrune,
        catalogEventsConsumer(host.nc, host.logger, (event, delivery) =>
          applyCatalogEvent({ projection: catalogProjection }, event, delivery),
        ),
      ],
    };
  });
}

/** The hosts the platform serves itself, lowercase: the storefront domain, the assets host, the API host, and any configured. */
function platformDomainsOf(config: StorefrontConfig): string[] {
  const hostOf = (url: string | undefined) => (url ? new URL(url.startsWith('//') ? `https:${url}` : url).hostname : '');
  const configured = config.RESERVED_DOMAINS.split(',').map((domain) => domain.trim());
  const domains = [config.STOREFRONT_DOMAIN, hostOf(config.ASSETS_BASE_URL), hostOf(config.PUBLIC_URL), ...configured];
  return [...new Set(domains.map((domain) => domain.toLowerCase()).filter(Boolean))];
}
