import { OutboxCollection } from '@commerce/events';
import { GrpcStatus, RemoteError, type DomainError } from '@commerce/grpc-runtime';
import { KeyedQueue, openDatabase, type Database } from '@commerce/persistence';
import { StoreZoneRepository, type StoreZoneDocument } from '@commerce/store-zones';
import { anItem, anOrder } from '../domain/order.fixture';
import type { RefundRequest } from '../domain/refund';
import { ensureOrdersIndexes } from '../infra/indexes';
import { OrderRepository, type OrderDocument } from '../infra/order.repository';
import { TestPaymentProcessor, type PaymentEntry, type RefundEntry } from '../infra/test-payment.processor';
import { calculateRefund } from './calculate-refund';
import { createRefund } from './create-refund';
import type { CatalogPort, OrdersDeps, PaymentPort } from './orders-deps';

/**
 * The refund calculation (docs/money.md#refunds) on the real repository (in-memory SQLite) beside the real refund path
 * and test processor: it answers what the refund then makes, refuses what the refund refuses in the same words, and
 * writes nothing, asking neither the processor nor catalog.
 */

/** Three units of 333 with 100 of tax (the line paid 1099, which does not divide by 3), one of 1000, shipping 500 with 40 of tax. */
const ORDER = anOrder({
  id: 10,
  saga_key: 'k/10',
  items: [anItem(1, { quantity: 3, list_price: 333, tax: 100 }), anItem(2)],
  subtotal: 1999,
  shipping: 500,
  shipping_tax: 40,
  tax: 140,
  total: 2639,
  currency: 'EUR',
});
const UNPAID = anOrder({ id: 11, saga_key: 'k/11', status: 'pending', paid_at: null });
const OTHER_STORE = anOrder({ id: 12, store_id: 2, saga_key: 'k/12' });

const request = (overrides: Partial<RefundRequest> = {}): RefundRequest => ({
  amount: null,
  items: [],
  shipping: false,
  restock: false,
  note: '',
  ...overrides,
});

describe('calculating a refund (docs/money.md#refunds)', () => {
  let db: Database;
  let deps: Parameters<typeof createRefund>[0];
  let processor: TestPaymentProcessor;
  /** Every call that would change something outside the order: the processor's and catalog's. */
  let outsideCalls: string[];

  beforeEach(async () => {
    db = await openDatabase({ engine: 'memory' });
    await ensureOrdersIndexes(db);
    outsideCalls = [];
    processor = new TestPaymentProcessor(
      db.collection<PaymentEntry>(TestPaymentProcessor.collection),
      db.collection<RefundEntry>(TestPaymentProcessor.refundsCollection),
      () => new Date('2026-11-24T10:00:00Z'),
    );
    const payments: PaymentPort = {
      name: 'test',
      charge: (input) => processor.charge(input),
      voidUnlessCaptured: (key) => processor.voidUnlessCaptured(key),
      refund: (input) => {
        outsideCalls.push(`refund ${input.amountCents}`);
        return processor.refund(input);
      },
    };
    const catalog: Pick<CatalogPort, 'restockLines'> = {
      restockLines: async (_storeId, key) => {
        outsideCalls.push(`restock ${key}`);
        return true;
      },
    };
    deps = {
      orders: new OrderRepository(new OutboxCollection(db.collection<OrderDocument>(OrderRepository.collection))),
      zones: new StoreZoneRepository(db.collection<StoreZoneDocument>(StoreZoneRepository.collection)),
      storefront: {
        storeSettings: async () => ({ settings: { time_zone: 'UTC', currency: 'EUR', prices_include_tax: false }, updatedAt: new Date(0) }),
      },
      catalog: catalog as CatalogPort,
      payments,
      nextId: (counter) => db.nextId(counter),
      clock: () => new Date('2026-11-24T10:00:00Z'),
      queue: new KeyedQueue<string>(),
      logger: { warn: () => undefined, error: () => undefined, info: () => undefined } as unknown as OrdersDeps['logger'],
      checkoutLeaseMs: 30_000,
    };
    for (const order of [ORDER, UNPAID, OTHER_STORE]) await deps.orders.insert(order, []);
    await processor.charge({ key: ORDER.saga_key, token: 'tok_visa', amountCents: ORDER.total, description: 'order 10' });
  });

  afterEach(() => db.close());

  const stored = async () => (await deps.orders.findOne(1, ORDER.id))!;
  /** What a call was refused with, as the gateway reads it: its status, rule, message and field violations. */
  const refusalOf = (call: Promise<unknown>) =>
    call.then(
      () => 'answered',
      (error: DomainError) => ({
        reason: error.reason,
        info: error.errorInfoReason,
        message: error.message,
        fields: error.fieldViolations,
      }),
    );

  it('answers each line, the shipping, the whole and what would be left, writing nothing and asking no one', async () => {
    const before = await stored();

    const calculated = await calculateRefund(
      deps,
      1,
      ORDER.id,
      request({ items: [{ item_id: 1, quantity: 2 }], shipping: true, restock: true, note: 'Broken' }),
    );

    // 1099 × 2/3 = 732.67 → 733; shipping 500 + 40 of tax.
    expect(calculated).toEqual({
      order_id: ORDER.id,
      amount: 1273,
      items: [{ item_id: 1, quantity: 2, amount: 733 }],
      shipping: true,
      shipping_amount: 540,
      restock: true,
      note: 'Broken',
      left_to_refund: 2639 - 1273,
      currency: 'EUR',
    });
    expect(await stored()).toEqual(before);
    expect(outsideCalls).toEqual([]);
  });

  it.each([
    ['an amount', request({ amount: 1000, note: 'Goodwill' })],
    ['one unit of a line that does not divide', request({ items: [{ item_id: 1, quantity: 1 }] })],
    [
      'units of two lines with the shipping, restocked',
      request({
        items: [
          { item_id: 2, quantity: 1 },
          { item_id: 1, quantity: 3 },
        ],
        shipping: true,
        restock: true,
      }),
    ],
  ])('%s: the refund made next is the amount calculated, and leaves what the calculation said', async (_what, asked) => {
    const calculated = await calculateRefund(deps, 1, ORDER.id, asked);

    const made = await createRefund(deps, 1, ORDER.id, asked, 'a');

    expect(made.refund).toMatchObject({ amount: calculated.amount, status: 'succeeded' });
    const parts = calculated.items.reduce((sum, line) => sum + line.amount, 0) + calculated.shipping_amount;
    expect(calculated.amount).toBe(asked.amount ?? parts);
    expect(ORDER.total - made.order!.refunded).toBe(calculated.left_to_refund);
  });

  it('after a refund, the units left of a line are priced as the refund of them will be: the parts sum to the line', async () => {
    await createRefund(deps, 1, ORDER.id, request({ items: [{ item_id: 1, quantity: 1 }] }), 'first');

    const rest = await calculateRefund(deps, 1, ORDER.id, request({ items: [{ item_id: 1, quantity: 2 }] }));

    expect(rest.items).toEqual([{ item_id: 1, quantity: 2, amount: 1099 - 366 }]);
    expect(rest.left_to_refund).toBe(2639 - 366 - 733);
    const made = await createRefund(deps, 1, ORDER.id, request({ items: [{ item_id: 1, quantity: 2 }] }), 'second');
    expect(made.refund!.amount).toBe(rest.amount);
  });

  it('counts a refund still at the processor against what is left, as the refund does', async () => {
    deps.payments = { ...deps.payments, refund: () => Promise.reject(new RemoteError({ code: GrpcStatus.UNAVAILABLE, message: 'down' })) };
    await expect(createRefund(deps, 1, ORDER.id, request({ amount: 2000 }), 'held')).rejects.toThrow('down');

    expect((await calculateRefund(deps, 1, ORDER.id, request({ amount: 639 }))).left_to_refund).toBe(0);
    await expect(refusalOf(calculateRefund(deps, 1, ORDER.id, request({ amount: 640 })))).resolves.toMatchObject({
      reason: 'INVALID_ARGUMENT',
      fields: { amount_in_cents: ['is more than the 639 left to refund'] },
    });
  });

  it.each<[string, number, number, RefundRequest]>([
    ['neither an amount nor items', 1, ORDER.id, request()],
    ['more than is left', 1, ORDER.id, request({ amount: 2640 })],
    ['more units than the line has', 1, ORDER.id, request({ items: [{ item_id: 1, quantity: 4 }] })],
    ['an item not in the order', 1, ORDER.id, request({ items: [{ item_id: 99, quantity: 1 }] })],
    ['restock without items, shipping with an amount', 1, ORDER.id, request({ amount: 5, restock: true, shipping: true })],
    ['a note over 1000 characters', 1, ORDER.id, request({ amount: 5, note: 'x'.repeat(1001) })],
    ['an order never paid (409 NOT_PAID)', 1, UNPAID.id, request({ amount: 1 })],
    ["another store's order (404)", 1, OTHER_STORE.id, request({ amount: 1 })],
    ['an unknown order (404)', 1, 999, request({ amount: 1 })],
  ])('refuses %s as the refund does, and nothing changes', async (_what, storeId, orderId, asked) => {
    const before = await stored();

    const calculation = await refusalOf(calculateRefund(deps, storeId, orderId, asked));

    expect(calculation).not.toBe('answered');
    await expect(refusalOf(createRefund(deps, storeId, orderId, asked, 'k'))).resolves.toEqual(calculation);
    expect(await stored()).toEqual(before);
    expect(outsideCalls).toEqual([]);
  });

  it('refuses the shipping a refund gave back already, with the units left of the line', async () => {
    await createRefund(deps, 1, ORDER.id, request({ items: [{ item_id: 1, quantity: 2 }], shipping: true }), 'first');

    await expect(
      refusalOf(calculateRefund(deps, 1, ORDER.id, request({ items: [{ item_id: 1, quantity: 2 }], shipping: true }))),
    ).resolves.toMatchObject({
      reason: 'INVALID_ARGUMENT',
      fields: { items: ['only 1 of item 1 left to refund, 2 asked'], shipping: ['is refunded already'] },
    });
  });
});
