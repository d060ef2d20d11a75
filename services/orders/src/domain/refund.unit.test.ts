import { paidForLine, type Order, type Refund } from './order';
import { anItem, anOrder, T0, T1 } from './order.fixture';
import { priceCart } from './pricing';
import {
  financialStatus,
  planRefund,
  priceRefund,
  refundableOf,
  refundDropped,
  refundRestocked,
  refundSucceeded,
  restockLinesOf,
  stockLeftToReturn,
  unitsAmount,
  type RefundRequest,
} from './refund';

const LATER = new Date('2026-11-03T12:00:00Z');
const request = (overrides: Partial<RefundRequest> = {}): RefundRequest => ({
  amount: null,
  items: [],
  shipping: false,
  restock: false,
  note: '',
  ...overrides,
});
const identity = (id = 1) => ({ id, key: `key-${id}`, now: T1 });

function planned(order: Order, asked: RefundRequest, id = 1): Refund {
  const outcome = planRefund(order, asked, identity(id));
  if ('refused' in outcome) throw new Error(`refused: ${JSON.stringify(outcome.refused)}`);
  return outcome.ok;
}

function violations(order: Order, asked: RefundRequest): Record<string, string[]> {
  const outcome = planRefund(order, asked, identity());
  if (!('refused' in outcome) || outcome.refused.kind !== 'invalid') throw new Error(`expected a 422, got ${JSON.stringify(outcome)}`);
  return outcome.refused.violations;
}

/** The order with the refund added and settled as the processor approved it. */
function refunded(order: Order, refund: Refund): Order {
  return refundSucceeded({ ...order, refunds: [...(order.refunds ?? []), refund] }, refund.id, 'ref', T1, LATER)!;
}

/** Three units of 333 with 100 of tax: the line paid 1099, which does not divide by 3. */
const anOddOrder = (): Order =>
  anOrder({
    items: [anItem(1, { quantity: 3, list_price: 333, tax: 100 }), anItem(2)],
    subtotal: 1999,
    tax: 100,
    total: 2599,
  });

/** An order priced as checkout prices it (domain/pricing.ts): a 10 % code, 8.875 % tax on the lines and on shipping. */
function aPricedOrder(pricesIncludeTax: boolean): Order {
  const lines = [
    { product_id: 101, collection_ids: [], unit_price: 1999, quantity: 3, taxable: true },
    { product_id: 102, collection_ids: [], unit_price: 333, quantity: 1, taxable: true },
  ];
  const cart = priceCart({
    lines,
    shipping: 650,
    discount: { kind: 'percentage', percent_bp: 1000, amount: 0, product_ids: [], collection_ids: [] },
    tax: { rate_ppm: 88_750, applies_to_shipping: true },
    pricesIncludeTax,
  });
  return anOrder({
    items: lines.map((line, index) =>
      anItem(index + 1, {
        quantity: line.quantity,
        list_price: line.unit_price,
        discount: cart.lines[index]!.discount,
        tax: cart.lines[index]!.tax,
      }),
    ),
    subtotal: cart.subtotal,
    discounts: cart.discounts,
    shipping: cart.shipping,
    shipping_tax: cart.shipping_tax,
    tax: cart.tax,
    total: cart.total,
    prices_include_tax: pricesIncludeTax,
  });
}

describe('refunds (docs/money.md#refunds)', () => {
  it.each([false, true])(
    'refunds every unit and the shipping of a discounted, taxed order (prices include tax: %s) to its total exactly',
    (inclusive) => {
      let order = aPricedOrder(inclusive);
      let id = 0;
      // Unit by unit, the last one with the shipping: the parts sum to what was captured, to the minor unit.
      const units = order.items.flatMap((item) => Array.from({ length: item.quantity }, () => item.id));
      for (const [index, itemId] of units.entries()) {
        const last = index === units.length - 1;
        order = refunded(order, planned(order, request({ items: [{ item_id: itemId, quantity: 1 }], shipping: last }), ++id));
      }
      expect(refundableOf(order)).toBe(0);
      expect(order.refunds!.reduce((sum, refund) => sum + refund.amount, 0)).toBe(order.total);
      expect(financialStatus(order)).toBe('refunded');
    },
  );

  describe('what items cost', () => {
    it('a line paid its price after discount plus its tax, unless the order prices include tax', () => {
      const item = anItem(1, { quantity: 2, list_price: 1000, discount: 150, tax: 170 });
      expect(paidForLine(anOrder(), item)).toBe(2020);
      expect(paidForLine({ ...anOrder(), prices_include_tax: true }, item)).toBe(1850);
    });

    it('rounds a unit share half away from zero, and the parts of a line sum exactly to it', () => {
      expect(unitsAmount(1099, 3, 0, 1)).toBe(366); // 366.33
      expect(unitsAmount(1099, 3, 1, 1)).toBe(367); // 732.67 − 366
      expect(unitsAmount(1099, 3, 2, 1)).toBe(366); // 1099 − 733
      expect(unitsAmount(5, 2, 0, 1)).toBe(3); // 2.5 → 3
      expect(unitsAmount(-5, 2, 0, 1)).toBe(-3);
      for (const quantity of [1, 2, 3, 7, 10_000]) {
        for (const paid of [1, 99, 1099, 123_457, 9_007_199_254_740]) {
          let total = 0;
          for (let before = 0; before < quantity; before += 3) total += unitsAmount(paid, quantity, before, Math.min(3, quantity - before));
          expect(total).toBe(paid);
        }
      }
    });

    it('prices a request part by part, and the refund planned from it holds the same amount', () => {
      const asked = request({
        items: [
          { item_id: 2, quantity: 1 },
          { item_id: 1, quantity: 2 },
        ],
        shipping: true,
      });
      expect(priceRefund(anOddOrder(), asked)).toEqual({
        ok: {
          amount: 1000 + 733 + 500,
          items: [
            { item_id: 2, quantity: 1, amount: 1000 },
            { item_id: 1, quantity: 2, amount: 733 },
          ],
          shipping_amount: 500,
          left_to_refund: 2599 - 2233,
        },
      });
      expect(planned(anOddOrder(), asked).amount).toBe(2233);
      expect(priceRefund(anOddOrder(), request({ amount: 99 }))).toEqual({
        ok: { amount: 99, items: [], shipping_amount: 0, left_to_refund: 2500 },
      });
    });

    it('refunding a line unit by unit, then its shipping, comes to the total exactly and leaves nothing', () => {
      let order = anOddOrder();
      for (let id = 1; id <= 3; id++) order = refunded(order, planned(order, request({ items: [{ item_id: 1, quantity: 1 }] }), id));
      order = refunded(order, planned(order, request({ items: [{ item_id: 2, quantity: 1 }], shipping: true }), 4));
      expect(order.refunds!.map((refund) => refund.amount)).toEqual([366, 367, 366, 1500]);
      expect(refundableOf(order)).toBe(0);
      expect(financialStatus(order)).toBe('refunded');
    });
  });

  describe('the cap', () => {
    it('refuses more than captured less refunded less in flight, naming what is left', () => {
      const pending = planned(anOrder(), request({ amount: 1000 }));
      const order = { ...anOrder(), refunds: [pending] };
      expect(refundableOf(order)).toBe(1500);
      expect(violations(order, request({ amount: 1501 }))).toEqual({ amount_in_cents: ['is more than the 1500 left to refund'] });
      expect(planned(order, request({ amount: 1500 }), 2).amount).toBe(1500);
    });

    it('an item refund above the remainder names both', () => {
      const order = refunded(anOrder(), planned(anOrder(), request({ amount: 2000 })));
      expect(violations(order, request({ items: [{ item_id: 1, quantity: 1 }] }))).toEqual({
        items: ['is more than the 500 left to refund (these come to 1000)'],
      });
    });

    it('a declined refund frees what it held', () => {
      const pending = planned(anOrder(), request({ amount: 2500 }));
      const held = { ...anOrder(), refunds: [pending] };
      expect(refundableOf(held)).toBe(0);
      const dropped = refundDropped(held, pending.id, LATER)!;
      expect(refundableOf(dropped)).toBe(2500);
      expect(dropped.refunds).toEqual([]);
      expect(dropped.updated_at).toEqual(T0);
      expect(refundDropped(dropped, pending.id, LATER)).toBeNull();
    });

    it('an order never paid has nothing to refund', () => {
      expect(planRefund(anOrder({ status: 'pending', paid_at: null }), request({ amount: 1 }), identity())).toEqual({
        refused: { kind: 'not_paid' },
      });
    });
  });

  describe('bad requests', () => {
    it.each([
      [request(), { base: ['give amount_in_cents or items'] }],
      [request({ amount: 0 }), { amount_in_cents: ['must be an integer greater than 0'] }],
      [request({ amount: -5 }), { amount_in_cents: ['must be an integer greater than 0'] }],
      [request({ amount: 1.5 }), { amount_in_cents: ['must be an integer greater than 0'] }],
      [request({ amount: 5, items: [{ item_id: 1, quantity: 1 }] }), { base: ['give amount_in_cents or items, not both'] }],
      [request({ amount: 5, shipping: true, restock: true }), { shipping: [expect.any(String)], restock: ['needs items to put back'] }],
      [request({ items: [{ item_id: 1, quantity: 0 }] }), { items: ['quantity of item 1 must be at least 1'] }],
      [
        request({
          items: [
            { item_id: 1, quantity: 1 },
            { item_id: 1, quantity: 1 },
          ],
        }),
        { items: ['lists item 1 more than once'] },
      ],
      [request({ items: [{ item_id: 99, quantity: 1 }] }), { items: ['99 is not an item of this order'] }],
      [request({ items: [{ item_id: 1, quantity: 2 }] }), { items: ['only 1 of item 1 left to refund, 2 asked'] }],
    ])('%j → 422', (asked, expected) => {
      expect(violations(anOrder(), asked)).toEqual(expected);
    });

    it('refuses a note over 1000 characters', () => {
      expect(violations(anOrder(), request({ amount: 5, note: 'x'.repeat(1001) }))).toEqual({
        note: ['is too long (maximum is 1000 characters)'],
      });
    });

    it('refuses units and shipping that were refunded already', () => {
      const order = refunded(anOrder(), planned(anOrder(), request({ items: [{ item_id: 1, quantity: 1 }], shipping: true })));
      expect(violations(order, request({ items: [{ item_id: 1, quantity: 1 }], shipping: true }))).toEqual({
        items: ['only 0 of item 1 left to refund, 1 asked'],
        shipping: ['is refunded already'],
      });
    });
  });

  describe('financial status', () => {
    it('pending until paid, voided when failed or canceled without a capture', () => {
      expect(financialStatus(anOrder({ status: 'pending', paid_at: null }))).toBe('pending');
      expect(financialStatus(anOrder({ status: 'failed', paid_at: null }))).toBe('voided');
      expect(financialStatus(anOrder({ status: 'canceled', paid_at: null }))).toBe('voided');
    });

    it('paid → partially_refunded → refunded; a pending refund does not count yet', () => {
      expect(financialStatus(anOrder())).toBe('paid');
      const first = planned(anOrder(), request({ amount: 1000 }));
      expect(financialStatus({ ...anOrder(), refunds: [first] })).toBe('paid');
      const partly = refunded(anOrder(), first);
      expect(financialStatus(partly)).toBe('partially_refunded');
      expect(financialStatus(refunded(partly, planned(partly, request({ amount: 1500 }), 2)))).toBe('refunded');
    });

    it('a paid order of nothing is paid, not refunded', () => {
      expect(financialStatus(anOrder({ total: 0 }))).toBe('paid');
    });
  });

  describe('settling and restocking', () => {
    it('a succeeded refund with restock waits for catalog, and the sweep is told when to look', () => {
      const refund = planned(anOrder(), request({ items: [{ item_id: 2, quantity: 1 }], restock: true }));
      const settled = refunded(anOrder(), refund);
      expect(settled.refunds![0]).toMatchObject({ status: 'succeeded', reference: 'ref', restock_state: 'pending' });
      expect(settled.refunds_due_at).toEqual(LATER);
      expect(settled.updated_at).toEqual(T1);
      expect(refundSucceeded(settled, refund.id, 'again', T1, LATER)).toBeNull();
      expect(restockLinesOf(settled, refund)).toEqual([{ variant_id: 202, quantity: 1 }]);
      const done = refundRestocked(settled, refund.id, LATER)!;
      expect(done.refunds![0]!.restock_state).toBe('done');
      expect(done.refunds_due_at).toBeNull();
    });

    it('a cancel gives back only what refunds did not restock', () => {
      const order = anOrder({ items: [anItem(1, { quantity: 3 }), anItem(2, { quantity: 2 })], subtotal: 5000, total: 5500 });
      expect(stockLeftToReturn(order)).toBeNull();
      const after = refunded(
        order,
        planned(
          order,
          request({
            items: [
              { item_id: 1, quantity: 1 },
              { item_id: 2, quantity: 2 },
            ],
            restock: true,
          }),
        ),
      );
      expect(stockLeftToReturn(after)).toEqual([{ variant_id: 201, quantity: 2 }]);
    });
  });
});
