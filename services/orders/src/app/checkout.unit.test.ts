import { OutboxCollection } from '@commerce/events';
import { GrpcStatus, RemoteError } from '@commerce/grpc-runtime';
import { KeyedQueue, openDatabase, type Database } from '@commerce/persistence';
import type { CheckoutInput } from '../domain/checkout-input';
import { CheckoutRepository, type CheckoutDocument } from '../infra/checkout.repository';
import { DiscountRedemptionRepository } from '../infra/discount-redemption.repository';
import { DiscountRepository, type DiscountDocument } from '../infra/discount.repository';
import { ensureOrdersIndexes } from '../infra/indexes';
import { OrderRepository, type OrderDocument } from '../infra/order.repository';
import { TaxRateRepository, type TaxRateDocument } from '../infra/tax-rate.repository';
import { StoreZoneRepository, type StoreZoneDocument } from '@commerce/store-zones';
import { TestPaymentProcessor, type PaymentEntry } from '../infra/test-payment.processor';
import { checkout } from './checkout';
import type { CatalogPort, CheckoutStep, OrdersDeps, ReservedLine, ShippingPort } from './orders-deps';
import { recoverCheckouts } from './recover-checkouts';
import { RunningCheckouts } from './running-checkouts';

/**
 * The saga on the real repositories (in-memory SQLite) and the real test processor, with catalog and shipping
 * as ports written for the test: a stock ledger that keeps catalog's promises (all or nothing, idempotent per
 * key, a released key never reserves again). A "crash" is a failpoint that throws: the call stops right
 * there, leaving exactly what it wrote, and the sweep must finish or undo it.
 */

class Crash extends Error {}

/** A line as the ledger prices it: every variant a 12.50 blue mug. */
const pricedLine = (line: { variant_id: number; quantity: number }): ReservedLine => ({
  variant_id: line.variant_id,
  product_id: 100 + line.variant_id,
  product_name: 'Mug',
  variant_name: 'Blue',
  sku: undefined,
  quantity: line.quantity,
  unit_cents: 1250,
  shipping_group_id: 1,
  taxable: true,
  collection_ids: [],
});

class StockLedger implements CatalogPort {
  inStock = new Map<number, number>([[1, 10]]);
  reservations = new Map<string, { lines: Array<{ variant_id: number; quantity: number }>; state: 'reserved' | 'released' }>();
  down = false;
  /** While set, a reservation waits for it (a slow catalog). */
  slow: Promise<void> | undefined;

  async priceLines(_storeId: number, lines: Array<{ variant_id: number; quantity: number }>): Promise<ReservedLine[]> {
    return lines.map(pricedLine);
  }

  async reserveStock(_storeId: number, key: string, lines: Array<{ variant_id: number; quantity: number }>): Promise<ReservedLine[]> {
    await this.slow;
    if (this.down) throw new RemoteError({ code: GrpcStatus.UNAVAILABLE, message: 'down' });
    const existing = this.reservations.get(key);
    if (existing?.state === 'released') throw new RemoteError({ code: GrpcStatus.ABORTED, message: 'released' });
    if (!existing) {
      const short = lines.filter((line) => (this.inStock.get(line.variant_id) ?? 0) < line.quantity);
      if (short.length > 0) {
        throw new RemoteError({
          code: GrpcStatus.FAILED_PRECONDITION,
          message: 'short',
          reason: 'INSUFFICIENT_STOCK',
          metadata: { variant_id: String(short[0]!.variant_id) },
        });
      }
      for (const line of lines) this.inStock.set(line.variant_id, this.inStock.get(line.variant_id)! - line.quantity);
      this.reservations.set(key, { lines, state: 'reserved' });
    }
    return lines.map(pricedLine);
  }

  async releaseStock(_storeId: number, key: string): Promise<boolean> {
    if (this.down) throw new RemoteError({ code: GrpcStatus.UNAVAILABLE, message: 'down' });
    const reservation = this.reservations.get(key);
    if (!reservation) {
      this.reservations.set(key, { lines: [], state: 'released' });
      return false;
    }
    if (reservation.state === 'released') return false;
    for (const line of reservation.lines) this.inStock.set(line.variant_id, this.inStock.get(line.variant_id)! + line.quantity);
    reservation.state = 'released';
    return true;
  }

  async restockLines(): Promise<boolean> {
    throw new Error('checkout never restocks');
  }

  async productsByIds() {
    return { products: [], context: undefined };
  }

  async variantsByIds() {
    return { variants: [], context: undefined };
  }
}

const shipping: ShippingPort = {
  async quote() {
    return [
      { shipping_class_id: 2, shipping_class_name: 'Express', total_cents: 900 },
      { shipping_class_id: 1, shipping_class_name: 'Standard', total_cents: 500 },
    ].sort((a, b) => a.total_cents - b.total_cents);
  },
};

const input = (key: string, overrides: Partial<CheckoutInput> = {}): CheckoutInput => ({
  checkout_key: key,
  email: 'buyer@example.com',
  address: {
    name: 'Ann',
    address_1: '1 Main St',
    address_2: '',
    city: 'Town',
    postal: '12345',
    state: '',
    state_abbrev: '',
    country: 'US',
  },
  lines: [{ variant_id: 1, quantity: 2 }],
  shipping_class_id: 0,
  user_note: null,
  payment_token: 'tok_visa',
  discount_code: null,
  ...overrides,
});

describe('the checkout saga', () => {
  let db: Database;
  let deps: OrdersDeps;
  let catalog: StockLedger;
  let now: Date;
  let crashAt: CheckoutStep | undefined;

  beforeEach(async () => {
    db = await openDatabase({ engine: 'memory' });
    await ensureOrdersIndexes(db);
    const orders = new OutboxCollection(db.collection<OrderDocument>(OrderRepository.collection));
    const checkouts = db.collection<CheckoutDocument>(CheckoutRepository.collection);
    const zones = db.collection<StoreZoneDocument>(StoreZoneRepository.collection);
    const ledger = db.collection<PaymentEntry>(TestPaymentProcessor.collection);
    const discountDocuments = new OutboxCollection(db.collection<DiscountDocument>(DiscountRepository.collection));
    catalog = new StockLedger();
    now = new Date('2026-11-24T10:00:00Z');
    crashAt = undefined;
    deps = {
      orders: new OrderRepository(orders),
      checkouts: new CheckoutRepository(checkouts),
      discounts: new DiscountRepository(discountDocuments),
      redemptions: new DiscountRedemptionRepository(db.collection(DiscountRedemptionRepository.collection), discountDocuments),
      taxRates: new TaxRateRepository(new OutboxCollection(db.collection<TaxRateDocument>(TaxRateRepository.collection))),
      zones: new StoreZoneRepository(zones),
      catalog,
      shipping,
      storefront: {
        storeSettings: async () => ({ settings: { time_zone: 'UTC', currency: 'USD', prices_include_tax: false }, updatedAt: new Date(0) }),
      },
      payments: new TestPaymentProcessor(ledger, db.collection(TestPaymentProcessor.refundsCollection), () => now),
      nextId: (counter) => db.nextId(counter),
      clock: () => now,
      queue: new KeyedQueue<string>(),
      running: new RunningCheckouts(),
      logger: { warn: () => undefined, error: () => undefined, info: () => undefined } as unknown as OrdersDeps['logger'],
      failpoint: (step) => {
        if (step === crashAt) throw new Crash(step);
      },
      checkoutLeaseMs: 30_000,
    };
  });

  afterEach(() => db.close());

  const afterTheLease = () => {
    now = new Date(now.getTime() + 31_000);
  };

  it('opens and pays the order, prices it from the reservation and the cheapest quote, and takes the stock', async () => {
    const { order } = await checkout(deps, 1, input('k1'));
    expect(order).toMatchObject({
      status: 'open',
      subtotal: 2500,
      shipping: 500,
      total: 3000,
      shipping_class_name: 'Standard',
      payment_processor: 'test',
    });
    expect(order!.paid_at).toEqual(now);
    expect(catalog.inStock.get(1)).toBe(8);
    const stored = await deps.orders.findOne(1, order!.id);
    expect(stored!.outbox.map((event) => event.topic)).toEqual(['order/created', 'order/paid']);
  });

  it('answers a repeated key with the first order and takes nothing more', async () => {
    const first = await checkout(deps, 1, input('k1'));
    const again = await checkout(deps, 1, input('k1'));
    expect(again.order!.id).toBe(first.order!.id);
    expect(catalog.inStock.get(1)).toBe(8);
  });

  it('has a repeat of a checkout still running wait for it, and answers it the same order', async () => {
    let answer!: () => void;
    catalog.slow = new Promise((resolve) => (answer = resolve));
    const first = checkout(deps, 1, input('k1'));
    const repeat = checkout(deps, 1, input('k1'), Date.now() + 5_000);
    await new Promise((resolve) => setTimeout(resolve, 20));
    answer();
    const [firstAnswer, repeatAnswer] = await Promise.all([first, repeat]);
    expect(repeatAnswer).toEqual(firstAnswer);
    expect(catalog.inStock.get(1)).toBe(8);
  });

  it('answers "still in progress" to a repeat whose deadline comes before the first checkout ends', async () => {
    let answer!: () => void;
    catalog.slow = new Promise((resolve) => (answer = resolve));
    const first = checkout(deps, 1, input('k1'));
    await expect(checkout(deps, 1, input('k1'), Date.now() + 400)).rejects.toMatchObject({
      reason: 'CONFLICT',
      errorInfoReason: 'CHECKOUT_IN_PROGRESS',
    });
    answer();
    expect((await first).order!.status).toBe('open');
  });

  it('keeps a declined order as failed, gives its stock back, and answers a repeat with the same decline', async () => {
    const declined = await checkout(deps, 1, input('k1', { payment_token: 'tok_chargeDeclined' })).catch((error: unknown) => error);
    expect(declined).toMatchObject({ reason: 'FAILED_PRECONDITION', errorInfoReason: 'PAYMENT_DECLINED' });
    const orderId = Number((declined as { metadata: Record<string, string> }).metadata.order_id);
    expect((await deps.orders.findOne(1, orderId))!.status).toBe('failed');
    expect(catalog.inStock.get(1)).toBe(10);
    await expect(checkout(deps, 1, input('k1'))).rejects.toMatchObject({ errorInfoReason: 'PAYMENT_DECLINED' });
  });

  it('refuses a short checkout without writing an order', async () => {
    await expect(checkout(deps, 1, input('k1', { lines: [{ variant_id: 1, quantity: 11 }] }))).rejects.toMatchObject({
      reason: 'FAILED_PRECONDITION',
      errorInfoReason: 'INSUFFICIENT_STOCK',
    });
    expect(await deps.orders.page({ storeId: 1, skip: 0, limit: 10 })).toMatchObject({ total: 0 });
  });

  it('answers UNAVAILABLE when catalog is down, and the sweep releases the key once catalog is back', async () => {
    catalog.down = true;
    await expect(checkout(deps, 1, input('k1'))).rejects.toMatchObject({ reason: 'UNAVAILABLE' });
    catalog.down = false;
    afterTheLease();
    expect(await recoverCheckouts(deps)).toMatchObject({ undone: 1 });
    expect(catalog.reservations.get('k1/1')?.state).toBe('released');
    // The key starts afresh: a new attempt, a new reservation.
    expect((await checkout(deps, 1, input('k1'))).order!.status).toBe('open');
    expect(catalog.inStock.get(1)).toBe(8);
  });

  it.each<[CheckoutStep, 'open' | 'failed' | 'none']>([
    ['after-checkout', 'none'],
    ['after-reserve', 'none'],
    ['after-order', 'failed'],
    ['after-charge', 'open'],
  ])(
    'a crash %s is finished or undone by the sweep: no order stays pending, stock held equals stock in open orders',
    async (step, outcome) => {
      crashAt = step;
      await expect(checkout(deps, 1, input('k1'))).rejects.toBeInstanceOf(Crash);
      crashAt = undefined;

      expect(await recoverCheckouts(deps)).toMatchObject({ finished: 0, undone: 0 }); // its lease still runs
      afterTheLease();
      await recoverCheckouts(deps);

      const { orders } = await deps.orders.page({ storeId: 1, skip: 0, limit: 10 });
      expect(orders.map((order) => order.status)).toEqual(outcome === 'none' ? [] : [outcome]);
      const held = orders.filter((order) => order.status === 'open').reduce((sum, order) => sum + order.items[0]!.quantity, 0);
      expect(10 - catalog.inStock.get(1)!).toBe(held);
      if (outcome === 'open') expect(orders[0]!.outbox.map((event) => event.topic)).toEqual(['order/created', 'order/paid']);
      if (outcome === 'failed') expect(orders[0]!.stock_return).toBe('done');
    },
  );

  it('a call that outlived its lease does not charge once the sweep took its checkout over', async () => {
    crashAt = 'after-order';
    await expect(checkout(deps, 1, input('k1'))).rejects.toBeInstanceOf(Crash);
    afterTheLease();
    await recoverCheckouts(deps); // voids the payment key and fails the order
    const charge = await deps.payments.charge({ key: 'k1/1', token: 'tok_visa', amountCents: 3000, description: 'late' });
    expect(charge).toEqual({ approved: false, message: 'The payment was canceled.' });
  });
});
