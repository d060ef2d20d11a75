import { notifications, orders, storefront } from '@commerce/contracts';
import { createClient, implement } from '@commerce/grpc-runtime';
import { KeyedQueue } from '@commerce/persistence';
import { periodic, ServiceHost, type RunningService } from '@commerce/service-host';
import { pruneVisits, storeTimeZones, VisitAggregator, visitFlushTask } from './app/record-page-view';
import { applyCatalogEvent } from './app/catalog-projection';
import { PageContentCache } from './app/page-content-cache';
import { purgeDeletedTemplates } from './app/purge-deleted-templates';
import { SiteCatalogs } from './app/site-catalogs';
import { catalogWarmUp } from './app/warm-site-catalogs';
import type { StorefrontDeps } from './app/storefront-deps';
import type { StorefrontConfig } from './config';
import { platformDomainsOf, siteAddressOf } from './domain/site-url';
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
import { NotificationsClient } from './infra/notifications.client';
import { OrdersClient } from './infra/orders.client';
import { StoreRepository } from './infra/store.repository';
import { loadStorefrontAssets } from './infra/storefront-assets';
import { TemplateRepository } from './infra/template.repository';
import { VisitRepository } from './infra/visit.repository';

/**
 * The longest a confirmation page waits for notifications' GetReceipt: the page renders without the receipt's news
 * rather than wait on a sentence about e-mail (docs/buyer-site.md#confirmation-page-and-receipt-e-mail).
 */
const RECEIPT_DEADLINE_MS = 300;
/** How often deleted templates whose template/deleted is published leave the database (nothing reads them meanwhile). */
const TEMPLATE_PURGE_INTERVAL_MS = 60_000;
/**
 * Stores whose site catalog is kept in memory, and the most warmed at start
 * (docs/buyer-site.md#where-the-data-comes-from-and-caching).
 */
const KEPT_STORE_CATALOGS = 500;

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

    const catalogProjection = CatalogProjectionRepository.open(host.db);
    const catalogs = new SiteCatalogs(catalogProjection, KEPT_STORE_CATALOGS);
    const site = siteAddressOf(config);
    const assets = loadStorefrontAssets();
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
      storeDefaults: assets.storeDefaults,
      clock: () => new Date(),
      updates: new KeyedQueue(),
      pageViews,
      visits,
      engine: new LiquidPageEngine(assets.builtInPages),
      catalogs,
      projection: catalogProjection,
      orders: new OrdersClient(
        createClient(orders.OrdersServiceClient, config.ORDERS_GRPC_ADDR, { deadlineMs: config.STOREFRONT_BACKEND_DEADLINE_MS }),
      ),
      notifications: new NotificationsClient(
        createClient(notifications.NotificationsServiceClient, config.NOTIFICATIONS_GRPC_ADDR, {
          deadlineMs: Math.min(config.STOREFRONT_BACKEND_DEADLINE_MS, RECEIPT_DEADLINE_MS),
        }),
      ),
      pageContents: new PageContentCache(),
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
        implement(storefront.PageServiceService, pageHandlers(deps)),
      ],
      protoFiles: ['commerce/storefront/v1/storefront.proto'],
      migrations: STOREFRONT_MIGRATIONS,
      background: [
        visitFlushTask(pageViews),
        visitPrune,
        periodic(
          'deleted template purge',
          TEMPLATE_PURGE_INTERVAL_MS,
          () => purgeDeletedTemplates(deps, host.logger),
          (error) => host.logger.warn({ err: error }, 'deleted template purge failed'),
        ),
        catalogEventsConsumer(host.nc, host.logger, (event, delivery) => applyCatalogEvent(deps, event, delivery)),
        // Started last, stopped first: a shutdown waits at most for the store it is reading.
        ...(config.STOREFRONT_CATALOG_WARMUP
          ? [catalogWarmUp({ stores: catalogProjection, catalogs, clock: deps.clock, logger: host.logger, maxStores: KEPT_STORE_CATALOGS })]
          : []),
      ],
    };
  });
}
