import { OutboxCollection } from '@commerce/events';
import { GrpcStatus, RemoteError } from '@commerce/grpc-runtime';
import { KeyedQueue, openDatabase, type Collection, type Database } from '@commerce/persistence';
import { StoreZoneRepository, type StoreZoneDocument } from '@commerce/store-zones';
import { anItem, anOrder } from '../domain/order.fixture';
import { CheckoutRepository, type CheckoutDocument } from '../infra/checkout.repository';
import { DiscountRedemptionRepository } from '../infra/discount-redemption.repository';
import { DiscountRepository, type DiscountDocument } from '../infra/discount.repository';
import { ensureOrdersIndexes } from '../infra/indexes';
import { OrderRepository, type OrderDocument } from '../infra/order.repository';
import { TaxRateRepository, type TaxRateDocument } from '../infra/tax-rate.repository';
import { TestPaymentProcessor, type PaymentEntry, type RefundEntry } from '../infra/test-payment.processor';
import { cancelOrder } from './cancel-order';
import { createRefund } from './create-refund';
import type { CatalogPort, OrdersDeps, PaymentPort } from './orders-deps';
import { recoverRefunds } from './recover-refunds';
import { RunningCheckouts } from './running-checkouts';

/**
 * The refund path on the real repositories (in-memory SQLite) and the real test processor, with catalog as a port
 * written for the test. A "crash" is a processor or catalog call that throws: the call stops there, leaving what it
 * wrote, and the sweep (after the live call's lease) must finish it exactly once.
 */

class Restocks implements Pick<CatalogPort, 'restockLines' | 'releaseStock'> {
  down = false;
  done = new Map<string, Array<{ variant_id: number; quantity: number }>>();
  released: string[] = [];

  async restockLines(_storeId: number, key: string, lines: Array<{ variant_id: number; quantity: number }>): Promise<boolean> {
    if (this.down) throw new RemoteError({ code: GrpcStatus.UNAVAILABLE, message: 'down' });
    if (this.done.has(key)) return false;
    this.done.set(key, lines);
    return true;
  }

  async releaseStock(_storeId: number, key: string): Promise<boolean> {
    this.released.push(key);
    return true;
  }
}

const ORDER = anOrder({ id: 10, saga_key: 'k/10', items: [anItem(1, { quantity: 3 }), anItem(2)], subtotal: 4000, total: 4500 });

describe('the refund path and its sweep (docs/money.md#refunds)', () => {
  let db: Database;
  let deps: OrdersDeps;
  let catalog: Restocks;
  let processor: TestPaymentProcessor;
  let refundLedger: Collection<RefundEntry>;
  let now: Date;
  /** What the processor does on its next refund call: answer, lose its answer after refunding, or be unreachable. */
  let nextRefund: 'answer' | 'lose-answer' | 'unreachable';

  beforeEach(async () => {
    db = await openDatabase({ engine: 'memory' });
    await ensureOrdersIndexes(db);
    now = new Date('2026-11-24T10:00:00Z');
    nextRefund = 'answer';
    refundLedger = db.collection<RefundEntry>(TestPaymentProcessor.refundsCollection);
    processor = new TestPaymentProcessor(db.collection<PaymentEntry>(TestPaymentProcessor.collection), refundLedger, () => now);
    const payments: PaymentPort = {
      name: 'test',
      charge: (input) => processor.charge(input),
      voidUnlessCaptured: (key) => processor.voidUnlessCaptured(key),
      refund: async (input) => {
        const mode = nextRefund;
        nextRefund = 'answer';
        if (mode === 'unreachable') throw new RemoteError({ code: GrpcStatus.UNAVAILABLE, message: 'processor down' });
        const answer = await processor.refund(input);
        if (mode === 'lose-answer') throw new RemoteError({ code: GrpcStatus.DEADLINE_EXCEEDED, message: 'answer lost' });
        return answer;
      },
    };
    catalog = new Restocks();
    const discountDocuments = new OutboxCollection(db.collection<DiscountDocument>(DiscountRepository.collection));
    deps = {
      orders: new OrderRepository(new OutboxCollection(db.collection<OrderDocument>(OrderRepository.collection))),
      checkouts: new CheckoutRepository(db.collection<CheckoutDocument>(CheckoutRepository.collection)),
      discounts: new DiscountRepository(discountDocuments),
      redemptions: new DiscountRedemptionRepository(db.collection(DiscountRedemptionRepository.collection), discountDocuments),
      taxRates: new TaxRateRepository(new OutboxCollection(db.collection<TaxRateDocument>(TaxRateRepository.collection))),
      zones: new StoreZoneRepository(db.collection<StoreZoneDocument>(StoreZoneRepository.collection)),
      catalog: catalog as unknown as CatalogPort,
      shipping: { quote: async () => [] },
      storefront: {
        storeSettings: async () => ({ settings: { time_zone: 'UTC', currency: 'USD', prices_include_tax: false }, updatedAt: new Date(0) }),
      },
      payments,
      nextId: (counter) => db.nextId(counter),
      clock: () => now,
      queue: new KeyedQueue<string>(),
      running: new RunningCheckouts(),
      logger: { warn: () => undefined, error: () => undefined, info: () => undefined } as unknown as OrdersDeps['logger'],
      failpoint: () => undefined,
      checkoutLeaseMs: 30_000,
    };
    await deps.orders.insert(ORDER, []);
  });

  afterEach(() => db.close());

  const pay = (token = 'tok_visa') => processor.charge({ key: ORDER.saga_key, token, amountCents: ORDER.total, description: 'order 10' });
  const stored = async () => (await deps.orders.findOne(1, ORDER.id))!;
  const afterTheLease = () => {
    now = new Date(now.getTime() + 31_000);
  };
  const amount = (cents: number) => ({ amount: cents, items: [], shipping: false, restock: false, note: '' });

  it('a processor unreachable leaves the refund pending, held against the cap; the sweep settles it after the lease', async () => {
    await pay();
    nextRefund = 'unreachable';
    await expect(createRefund(deps, 1, ORDER.id, amount(4000), 'a')).rejects.toThrow('processor down');
    expect((await stored()).refunds).toMatchObject([{ amount: 4000, status: 'pending' }]);
    await expect(createRefund(deps, 1, ORDER.id, amount(501), 'b')).rejects.toMatchObject({ reason: 'INVALID_ARGUMENT' });

    expect(await recoverRefunds(deps)).toBe(0); // still the live call's
    afterTheLease();
    expect(await recoverRefunds(deps)).toBe(1);
    const order = await stored();
    expect(order.refunds).toMatchObject([{ amount: 4000, status: 'succeeded' }]);
    expect(order.refunds_due_at).toBeNull();
    expect(order.outbox.map((event) => event.topic)).toEqual(['refund/created', 'order/updated']);
    expect(await recoverRefunds(deps)).toBe(0);
  });

  it('an answer lost after the processor refunded: the sweep settles it with the same key, refunded once', async () => {
    await pay();
    nextRefund = 'lose-answer';
    await expect(createRefund(deps, 1, ORDER.id, amount(1000), 'a')).rejects.toThrow('answer lost');
    afterTheLease();
    await recoverRefunds(deps);
    expect((await stored()).refunds).toMatchObject([{ status: 'succeeded' }]);
    expect(await refundLedger.count({})).toBe(1);
    // The caller's retry with its key answers the same refund, asking nothing more.
    const retried = await createRefund(deps, 1, ORDER.id, amount(1000), 'a');
    expect(retried.refund).toMatchObject({ amount: 1000, status: 'succeeded' });
    expect(retried.order!.refunded).toBe(1000);
    expect(await refundLedger.count({})).toBe(1);
  });

  it('catalog down at the restock: the refund succeeds, and the sweep puts the units back once', async () => {
    await pay();
    catalog.down = true;
    const answer = await createRefund(
      deps,
      1,
      ORDER.id,
      { amount: null, items: [{ item_id: 1, quantity: 2 }], shipping: false, restock: true, note: '' },
      'a',
    );
    expect(answer.refund).toMatchObject({ status: 'succeeded', amount: 2000 });
    expect((await stored()).refunds).toMatchObject([{ restock_state: 'pending' }]);
    catalog.down = false;
    afterTheLease();
    await recoverRefunds(deps);
    await recoverRefunds(deps);
    expect([...catalog.done.values()]).toEqual([[{ variant_id: 201, quantity: 2 }]]);
    expect((await stored()).refunds).toMatchObject([{ restock_state: 'done' }]);
    expect((await stored()).refunds_due_at).toBeNull();
  });

  it('a declined refund is dropped and frees the cap; a cancel then refused leaves the order as it was', async () => {
    await pay('tok_refundDeclined');
    const before = await stored();
    await expect(createRefund(deps, 1, ORDER.id, amount(4500), 'a')).rejects.toMatchObject({ errorInfoReason: 'REFUND_DECLINED' });
    await expect(cancelOrder(deps, 1, ORDER.id)).rejects.toMatchObject({ errorInfoReason: 'REFUND_DECLINED' });
    const after = await stored();
    // Written by the refund path, back to none: no refund due, none made.
    const noRefunds = { refunds: [], refunds_due_at: null, last_refund_at: null };
    expect({ ...after, version: 0, outbox: [] }).toEqual({ ...before, version: 0, outbox: [], ...noRefunds });
    expect(after.outbox).toEqual([]);
    expect(catalog.released).toEqual([]);
  });

  it('the processor never refunds more than its charge, whatever the caller asks', async () => {
    await pay();
    expect(await processor.refund({ chargeKey: ORDER.saga_key, refundKey: 'r1', amountCents: 4000 })).toMatchObject({ approved: true });
    expect(await processor.refund({ chargeKey: ORDER.saga_key, refundKey: 'r2', amountCents: 501 })).toMatchObject({ approved: false });
    expect(await processor.refund({ chargeKey: ORDER.saga_key, refundKey: 'r1', amountCents: 4000 })).toMatchObject({ approved: true });
    expect(await processor.refund({ chargeKey: 'unknown', refundKey: 'r3', amountCents: 1 })).toMatchObject({ approved: false });
  });
});
