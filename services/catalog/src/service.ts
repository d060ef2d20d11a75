import { mediaOriginOf } from '@commerce/api-presenters';
import { catalog, media, shipping, storefront } from '@commerce/contracts';
import { createClient, implement } from '@commerce/grpc-runtime';
import type { Logger } from '@commerce/observability';
import { OutboxCollection } from '@commerce/events';
import { KeyedQueue, type Database, type Doc } from '@commerce/persistence';
import { periodic, ServiceHost, type PeriodicTask, type RunningService } from '@commerce/service-host';
import type { CatalogDeps, MediaPort, ShippingPort, StorefrontPort } from './app/catalog-deps';
import { recoverUnfinished } from './app/recover-unfinished';
import { applyMediaImageEvent } from './app/media-image-events';
import { applyShippingGroupEvent } from './app/shipping-group-events';
import { ShippingGroups } from './app/shipping-groups';
import { applyStoreEvent } from './app/store-events';
import { applyVariantStockEvent } from './app/variant-stock-events';
import { StoreContexts } from './app/store-contexts';
import type { CatalogConfig } from './config';
import { catalogHandlers } from './grpc/catalog.handlers';
import { CollectionRepository } from './infra/collection.repository';
import { projectionConsumers } from './infra/event-consumers';
import { ensureCatalogIndexes } from './infra/indexes';
import { MediaClient } from './infra/media.client';
import { CATALOG_MIGRATIONS } from './infra/migrations';
import { ProductRepository } from './infra/product.repository';
import { ReadyImageRepository } from './infra/ready-image.repository';
import { ReservationRepository } from './infra/reservation.repository';
import { ShippingGroupRepository } from './infra/shipping-group.repository';
import { ShippingClient } from './infra/shipping.client';
import { StoreContextRepository } from './infra/store-context.repository';
import { StorefrontClient } from './infra/storefront.client';
import { VariantRefRepository } from './infra/variant-ref.repository';
import { VariantStockRepository } from './infra/variant-stock.repository';

export interface RunningCatalogService extends RunningService {
  /** The first sweep for work a crash interrupted (started with the service, not awaited by it). */
  firstRecovery: Promise<void>;
}

/** Ports a test of catalog alone may put in place of the remote services. */
export interface CatalogPorts {
  media?: MediaPort;
}

/** Repositories, projections and the remote ports → handlers; the projection consumers and the recovery sweep run beside them. */
export async function startCatalogService(config: CatalogConfig, ports: CatalogPorts = {}): Promise<RunningCatalogService> {
  let recovery: PeriodicTask | undefined;
  const backendDeadline = { deadlineMs: config.CATALOG_BACKEND_DEADLINE_MS };
  const running = await ServiceHost.start(config, async (host) => {
    const deps = await wireCatalog({
      db: host.db,
      outboxCollection: (name) => host.outboxCollection(name),
      storefront: new StorefrontClient(createClient(storefront.StoreServiceClient, config.STOREFRONT_GRPC_ADDR, backendDeadline)),
      shipping: new ShippingClient(createClient(shipping.ShippingServiceClient, config.SHIPPING_GRPC_ADDR, backendDeadline)),
      media:
        ports.media ??
        new MediaClient(createClient(media.MediaServiceClient, config.MEDIA_GRPC_ADDR, { deadlineMs: config.CATALOG_MEDIA_DEADLINE_MS })),
      mediaOrigin: config.PUBLIC_URL ? mediaOriginOf(config.PUBLIC_URL) : '',
      logger: host.logger,
      groupRetirementHoldMs: config.SHIPPING_GROUP_RETIREMENT_HOLD_MS,
    });
    recovery = periodic(
      'recovery sweep',
      config.RECOVERY_INTERVAL_MS,
      () => recoverUnfinished(deps, { pendingAfterMs: config.STOCK_RECOVERY_AFTER_MS }),
      (error) => host.logger.warn({ err: error }, 'recovery sweep failed; the next sweep retries it'),
    );
    return {
      services: [implement(catalog.CatalogServiceService, catalogHandlers(deps))],
      protoFiles: ['commerce/catalog/v1/catalog.proto'],
      migrations: CATALOG_MIGRATIONS,
      background: [
        projectionConsumers(host.nc, host.db, host.logger, {
          storeEvent: (event) => applyStoreEvent(deps, event),
          shippingGroupEvent: (event) => applyShippingGroupEvent(deps, event),
          mediaImageEvent: (event) => applyMediaImageEvent(deps, event),
          variantStockEvent: (event) => applyVariantStockEvent(deps, event),
        }),
        recovery,
      ],
    };
  });
  // Read once the host started the sweep: before its start, a periodic task's first run is an already settled promise.
  return { ...running, firstRecovery: recovery!.firstRun };
}

export interface CatalogWiring {
  db: Database;
  /** Opens a collection whose repository writes events (ServiceHost.outboxCollection); a use-case test's default wakes no relay. */
  outboxCollection?: <T extends Doc>(name: string) => OutboxCollection<T>;
  storefront: StorefrontPort;
  shipping: ShippingPort;
  /** A use-case test's default has no media: photos given by URL show their URLs. */
  media?: MediaPort;
  /** CatalogDeps.mediaOrigin; a use-case test's default is '' (host-relative paths). */
  mediaOrigin?: string;
  logger: Logger;
  groupRetirementHoldMs: number;
}

const NO_MEDIA: MediaPort = { importImage: () => Promise.reject(new Error('no media service in this wiring')) };

/** The repositories over their indexed collections and the use cases' deps; a use-case test wires them on an in-memory database. */
export async function wireCatalog(wiring: CatalogWiring): Promise<CatalogDeps> {
  const { db, outboxCollection = (name) => new OutboxCollection(db.collection(name)) } = wiring;
  await ensureCatalogIndexes(db);
  const shippingGroupProjection = new ShippingGroupRepository(db.collection(ShippingGroupRepository.collection));
  return {
    products: new ProductRepository(outboxCollection(ProductRepository.collection)),
    collections: new CollectionRepository(outboxCollection(CollectionRepository.collection)),
    variantRefs: new VariantRefRepository(db.collection(VariantRefRepository.collection)),
    variantStock: new VariantStockRepository(db.collection(VariantStockRepository.collection)),
    reservations: new ReservationRepository(db.collection(ReservationRepository.collection)),
    shippingGroupProjection,
    readyImages: new ReadyImageRepository(db.collection(ReadyImageRepository.collection)),
    storeContexts: new StoreContexts(new StoreContextRepository(db.collection(StoreContextRepository.collection)), wiring.storefront),
    shippingGroups: new ShippingGroups(shippingGroupProjection, wiring.shipping, {
      warn: (error, message) => wiring.logger.warn({ err: error }, message),
    }),
    shipping: wiring.shipping,
    media: wiring.media ?? NO_MEDIA,
    mediaOrigin: wiring.mediaOrigin ?? '',
    groupRetirementHoldMs: wiring.groupRetirementHoldMs,
    nextId: (counter) => db.nextId(counter),
    clock: () => new Date(),
    queue: new KeyedQueue<string>(),
    logger: wiring.logger,
  };
}
