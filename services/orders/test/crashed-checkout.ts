// A checkout whose call died at one of the saga's steps, for the recovery sweep to find: the real use case
// (app/checkout.ts) run on the orders service's own data and the real siblings, with the failpoint that
// kills the process in the stack tests (ORDERS_FAILPOINT) throwing instead, so the call stops right there
// with nothing cleaned up. The running service sees what another replica that crashed would have left.
import { catalog, orders, shipping, storefront } from '@commerce/contracts';
import { OutboxCollection } from '@commerce/events';
import { createClient } from '@commerce/grpc-runtime';
import { createLogger } from '@commerce/observability';
import { KeyedQueue } from '@commerce/persistence';
import { checkout } from '../src/app/checkout';
import { sagaKeyOf } from '../src/app/checkout-steps';
import type { CheckoutStep, OrdersDeps } from '../src/app/orders-deps';
import { RunningCheckouts } from '../src/app/running-checkouts';
import { CatalogClient } from '../src/infra/catalog.client';
import { CheckoutRepository, type CheckoutDocument } from '../src/infra/checkout.repository';
import { DiscountRedemptionRepository } from '../src/infra/discount-redemption.repository';
import { DiscountRepository, type DiscountDocument } from '../src/infra/discount.repository';
import { OrderRepository, type OrderDocument } from '../src/infra/order.repository';
import { ShippingClient } from '../src/infra/shipping.client';
import { TaxRateRepository, type TaxRateDocument } from '../src/infra/tax-rate.repository';
import { StoreZoneRepository, type StoreZoneDocument } from '@commerce/store-zones';
import { StorefrontClient } from '@commerce/store-zones';
import { TestPaymentProcessor, type PaymentEntry, type RefundEntry } from '../src/infra/test-payment.processor';
import type { OrdersHarness } from './orders.fixture';

class Crashed extends Error {
  constructor(readonly step: CheckoutStep) {
    super(`checkout crashed ${step}`);
  }
}

/** Orders' dependencies over the running service's database, wired as service.ts wires them, dying at `crashAt`. */
export function depsDyingAt(harness: OrdersHarness, crashAt: CheckoutStep | null): OrdersDeps {
  const db = harness.service.host.db;
  const { config } = harness;
  const clientOptions = { deadlineMs: config.ORDERS_BACKEND_DEADLINE_MS };
  const discountDocuments = new OutboxCollection(db.collection<DiscountDocument>(DiscountRepository.collection));
  return {
    // Written through an outbox collection, as the service's own is, so the relay's sweep publishes its events.
    orders: new OrderRepository(new OutboxCollection(db.collection<OrderDocument>(OrderRepository.collection))),
    checkouts: new CheckoutRepository(db.collection<CheckoutDocument>(CheckoutRepository.collection)),
    discounts: new DiscountRepository(discountDocuments),
    redemptions: new DiscountRedemptionRepository(db.collection(DiscountRedemptionRepository.collection), discountDocuments),
    taxRates: new TaxRateRepository(new OutboxCollection(db.collection<TaxRateDocument>(TaxRateRepository.collection))),
    zones: new StoreZoneRepository(db.collection<StoreZoneDocument>(StoreZoneRepository.collection)),
    catalog: new CatalogClient(createClient(catalog.CatalogServiceClient, config.CATALOG_GRPC_ADDR, clientOptions)),
    shipping: new ShippingClient(createClient(shipping.ShippingServiceClient, config.SHIPPING_GRPC_ADDR, clientOptions)),
    storefront: new StorefrontClient(createClient(storefront.StoreServiceClient, config.STOREFRONT_GRPC_ADDR, clientOptions)),
    payments: new TestPaymentProcessor(
      db.collection<PaymentEntry>(TestPaymentProcessor.collection),
      db.collection<RefundEntry>(TestPaymentProcessor.refundsCollection),
    ),
    nextId: (counter) => db.nextId(counter),
    clock: () => new Date(),
    queue: new KeyedQueue<string>(),
    running: new RunningCheckouts(),
    logger: createLogger({ service: 'orders-crashed-call', level: 'silent' }),
    failpoint: (step) => {
      if (step === crashAt) throw new Crashed(step);
    },
    checkoutLeaseMs: config.CHECKOUT_LEASE_MS,
  };
}

/**
 * Runs the checkout until right after `step` and stops it there. Answers what the crashed call had fixed:
 * its order id and the saga key its stock and payment are held under.
 */
export async function checkoutCrashedAfter(
  harness: OrdersHarness,
  request: orders.CreateOrderRequest,
  step: CheckoutStep,
): Promise<{ orderId: number; sagaKey: string }> {
  const deps = depsDyingAt(harness, step);
  try {
    await checkout(deps, request.store_id, {
      checkout_key: request.checkout_key,
      email: request.email,
      address: {
        name: '',
        address_1: '',
        address_2: '',
        city: '',
        postal: '',
        state: '',
        state_abbrev: '',
        country: '',
        ...request.address,
      },
      lines: request.lines,
      shipping_class_id: request.shipping_class_id,
      user_note: request.user_note ?? null,
      payment_token: request.payment_token,
      discount_code: request.discount_code ?? null,
    });
  } catch (error) {
    if (!(error instanceof Crashed)) throw error;
    const left = await deps.checkouts.find(request.store_id, request.checkout_key);
    if (!left) throw new Error(`the checkout crashed ${step} left no checkout behind`);
    return { orderId: left.order_id, sagaKey: sagaKeyOf(left) };
  }
  throw new Error(`the checkout finished instead of crashing ${step}`);
}
