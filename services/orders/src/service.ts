import { catalog, orders, shipping, storefront } from '@commerce/contracts';
import { createClient, implement } from '@commerce/grpc-runtime';
import { KeyedQueue } from '@commerce/persistence';
import { periodic, ServiceHost, type RunningService } from '@commerce/service-host';
import { applyStoreEvent, storeEventsConsumer, StorefrontClient, StoreZoneRepository } from '@commerce/store-zones';
import type { OrdersDeps } from './app/orders-deps';
import { purgeDeletedTaxRates } from './app/purge-deleted-tax-rates';
import { recoverCheckouts } from './app/recover-checkouts';
import { recoverRefunds } from './app/recover-refunds';
import { RunningCheckouts } from './app/running-checkouts';
import type { OrdersConfig } from './config';
import { discountsHandlers } from './grpc/discounts.handlers';
import { ordersHandlers } from './grpc/orders.handlers';
import { taxRatesHandlers } from './grpc/tax-rates.handlers';
import { CatalogClient } from './infra/catalog.client';
import { CheckoutRepository } from './infra/checkout.repository';
import { DiscountRedemptionRepository } from './infra/discount-redemption.repository';
import { DiscountRepository, type DiscountDocument } from './infra/discount.repository';
import { failpointFor } from './infra/failpoints';
import { ORDERS_MIGRATIONS } from './infra/migrations';
import { ensureOrdersIndexes } from './infra/indexes';
import { OrderRepository } from './infra/order.repository';
import { ShippingClient } from './infra/shipping.client';
import { TaxRateRepository } from './infra/tax-rate.repository';
import { TestPaymentProcessor } from './infra/test-payment.processor';

/** How often deleted tax rates whose tax_rate/deleted is published leave the database (nothing reads them meanwhile). */
const TAX_RATE_PURGE_INTERVAL_MS = 60_000;

/** Orders: orders, items, fulfillments, checkout and tax rates. Store → relay → gRPC, wired from the config (docs/service-template.md). */
export function startOrdersService(config: OrdersConfig): Promise<RunningService> {
  return ServiceHost.start(config, async (host) => {
    await ensureOrdersIndexes(host.db);

    const discountDocuments = host.outboxCollection<DiscountDocument>(DiscountRepository.collection);
    const clientOptions = { deadlineMs: config.ORDERS_BACKEND_DEADLINE_MS };
    const deps: OrdersDeps = {
      orders: new OrderRepository(host.outboxCollection(OrderRepository.collection)),
      checkouts: new CheckoutRepository(host.db.collection(CheckoutRepository.collection)),
      discounts: new DiscountRepository(discountDocuments),
      redemptions: new DiscountRedemptionRepository(host.db.collection(DiscountRedemptionRepository.collection), discountDocuments),
      taxRates: new TaxRateRepository(host.outboxCollection(TaxRateRepository.collection)),
      zones: new StoreZoneRepository(host.db.collection(StoreZoneRepository.collection)),
      catalog: new CatalogClient(createClient(catalog.CatalogServiceClient, config.CATALOG_GRPC_ADDR, clientOptions)),
      shipping: new ShippingClient(createClient(shipping.ShippingServiceClient, config.SHIPPING_GRPC_ADDR, clientOptions)),
      storefront: new StorefrontClient(createClient(storefront.StoreServiceClient, config.STOREFRONT_GRPC_ADDR, clientOptions)),
      payments: new TestPaymentProcessor(
        host.db.collection(TestPaymentProcessor.collection),
        host.db.collection(TestPaymentProcessor.refundsCollection),
      ),
      nextId: (counter) => host.db.nextId(counter),
      clock: () => new Date(),
      queue: new KeyedQueue<string>(),
      running: new RunningCheckouts(),
      logger: host.logger,
      failpoint: failpointFor(config.ORDERS_FAILPOINT),
      checkoutLeaseMs: config.CHECKOUT_LEASE_MS,
    };
    return {
      services: [
        implement(orders.OrdersServiceService, ordersHandlers(deps)),
        implement(orders.TaxRatesServiceService, taxRatesHandlers(deps)),
        implement(orders.DiscountsServiceService, discountsHandlers(deps)),
      ],
      protoFiles: ['commerce/orders/v1/orders.proto', 'commerce/orders/v1/tax_rates.proto', 'commerce/orders/v1/discounts.proto'],
      migrations: ORDERS_MIGRATIONS,
      background: [
        storeEventsConsumer({
          nc: host.nc,
          db: host.db,
          logger: host.logger,
          durable: 'orders-store-zones',
          handler: (event) => applyStoreEvent(deps, event),
        }),
        periodic(
          'checkout recovery',
          config.CHECKOUT_SWEEP_INTERVAL_MS,
          async () => void (await recoverCheckouts(deps)),
          (error) => host.logger.error({ err: error }, 'checkout recovery sweep failed'),
        ),
        periodic(
          'refund recovery',
          config.CHECKOUT_SWEEP_INTERVAL_MS,
          async () => void (await recoverRefunds(deps)),
          (error) => host.logger.error({ err: error }, 'refund recovery sweep failed'),
        ),
        periodic(
          'deleted tax rate purge',
          TAX_RATE_PURGE_INTERVAL_MS,
          () => purgeDeletedTaxRates(deps, host.logger),
          (error) => host.logger.warn({ err: error }, 'deleted tax rate purge failed'),
        ),
      ],
    };
  });
}
