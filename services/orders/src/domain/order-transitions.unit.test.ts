import { displayStatus, type Order } from './order';
import { aPartiallyShippedOrder, aShippedOrder, anOrder, T0, T1 } from './order.fixture';
import { cancel, hold, reopen, ship, updateTracking, type Outcome, type Refusal, type ShipRequest } from './order-transitions';

const shipAll: ShipRequest = {
  itemIds: [],
  tracking_number: '1Z999',
  shipping_company: 'UPS',
  notify_customer: true,
  note_to_customer: 'On its way',
};

function ok<T>(outcome: Outcome<T>): T {
  if ('refused' in outcome) throw new Error(`refused: ${JSON.stringify(outcome.refused)}`);
  return outcome.ok;
}

function refusal<T>(outcome: Outcome<T>): Refusal {
  if (!('refused' in outcome)) throw new Error('expected a refusal');
  return outcome.refused;
}

describe('the order state machine (docs/orders.md#statuses)', () => {
  describe('ship', () => {
    it('open, every item shipped → shipped, with fulfilled_at and one fulfillment of every item', () => {
      const { order, fulfillment } = ok(ship(anOrder(), shipAll, 7, T1));
      expect(displayStatus(order)).toBe('shipped');
      expect(order.fulfilled_at).toEqual(T1);
      expect(fulfillment).toEqual({
        id: 7,
        item_ids: [1, 2],
        tracking_number: '1Z999',
        shipping_company: 'UPS',
        note_to_customer: 'On its way',
        notify_customer: true,
        created_at: T1,
        updated_at: T1,
      });
      expect(order.fulfillments).toEqual([fulfillment]);
      expect(order.items.map((item) => [item.fulfilled_at, item.fulfillment_id])).toEqual([
        [T1, 7],
        [T1, 7],
      ]);
    });

    it('open, some items left unshipped → Partially Shipped, a fulfillment of the chosen items, no fulfilled_at', () => {
      const { order, fulfillment } = ok(ship(anOrder(), { ...shipAll, itemIds: [2] }, 7, T1));
      expect(displayStatus(order)).toBe('Partially Shipped');
      expect(order.status).toBe('open');
      expect(order.fulfilled_at).toBeNull();
      expect(fulfillment.item_ids).toEqual([2]);
      expect(order.items.map((item) => item.fulfillment_id)).toEqual([null, 7]);
    });

    it('Partially Shipped, the rest shipped → shipped (the operation accepts Partially Shipped)', () => {
      const { order, fulfillment } = ok(ship(aPartiallyShippedOrder(), shipAll, 8, T1));
      expect(displayStatus(order)).toBe('shipped');
      expect(fulfillment.item_ids).toEqual([2]);
      expect(order.fulfillments.map((candidate) => candidate.id)).toEqual([5, 8]);
      expect(order.fulfilled_at).toEqual(T1);
    });

    it("refuses an item that is shipped already, or not the order's, naming each", () => {
      expect(refusal(ship(aPartiallyShippedOrder(), { ...shipAll, itemIds: [1, 99] }, 8, T1))).toEqual({
        kind: 'bad_items',
        unknown: [99],
        shipped: [1],
      });
    });

    it('refuses when nothing is left to ship (a reopened order whose items are all shipped)', () => {
      const reopened = ok(reopen(aShippedOrder(), T1));
      expect(displayStatus(reopened)).toBe('open');
      expect(refusal(ship(reopened, shipAll, 8, T1))).toEqual({ kind: 'nothing_to_ship' });
    });

    it.each([
      ['on hold', anOrder({ status: 'on hold' })],
      ['shipped', aShippedOrder()],
      ['pending', anOrder({ status: 'pending', paid_at: null })],
      ['canceled', anOrder({ status: 'canceled' })],
      ['failed', anOrder({ status: 'failed', paid_at: null })],
    ] as Array<[string, Order]>)('is refused from %s, naming the status', (status, order) => {
      expect(refusal(ship(order, shipAll, 8, T1))).toEqual({ kind: 'illegal_transition', action: 'ship', status });
    });
  });

  describe('hold', () => {
    it.each([
      ['open', anOrder()],
      ['Partially Shipped', aPartiallyShippedOrder()],
    ] as Array<[string, Order]>)('%s → on hold (it leaves the open list)', (_status, order) => {
      const held = ok(hold(order, T1));
      expect(displayStatus(held)).toBe('on hold');
      expect(held.updated_at).toEqual(T1);
      expect(held.fulfillments).toEqual(order.fulfillments);
    });

    it.each([
      ['on hold', anOrder({ status: 'on hold' })],
      ['shipped', aShippedOrder()],
      ['pending', anOrder({ status: 'pending' })],
      ['canceled', anOrder({ status: 'canceled' })],
      ['failed', anOrder({ status: 'failed' })],
    ] as Array<[string, Order]>)('is refused from %s', (status, order) => {
      expect(refusal(hold(order, T1))).toEqual({ kind: 'illegal_transition', action: 'hold', status });
    });
  });

  describe('open', () => {
    it('on hold → open', () => {
      expect(displayStatus(ok(reopen(anOrder({ status: 'on hold' }), T1)))).toBe('open');
    });

    it('on hold with some items shipped → back to Partially Shipped', () => {
      const held = ok(hold(aPartiallyShippedOrder(), T0));
      expect(displayStatus(ok(reopen(held, T1)))).toBe('Partially Shipped');
    });

    it("shipped → open, keeping the fulfillments and the items' fulfilled_at but clearing the order's", () => {
      const reopened = ok(reopen(aShippedOrder(), T1));
      expect(reopened.status).toBe('open');
      expect(reopened.fulfilled_at).toBeNull();
      expect(reopened.fulfillments).toHaveLength(1);
      expect(reopened.items.every((item) => item.fulfilled_at !== null)).toBe(true);
    });

    it.each([
      ['open', anOrder()],
      ['Partially Shipped', aPartiallyShippedOrder()],
      ['pending', anOrder({ status: 'pending' })],
      ['canceled', anOrder({ status: 'canceled' })],
      ['failed', anOrder({ status: 'failed' })],
    ] as Array<[string, Order]>)('is refused from %s', (status, order) => {
      expect(refusal(reopen(order, T1))).toEqual({ kind: 'illegal_transition', action: 'open', status });
    });
  });

  describe('cancel (beyond the spec)', () => {
    it.each([
      ['open', anOrder()],
      ['on hold', anOrder({ status: 'on hold' })],
    ] as Array<[string, Order]>)('%s with nothing shipped → canceled, its stock to give back', (_status, order) => {
      const canceled = ok(cancel(order, T1));
      expect(canceled.status).toBe('canceled');
      expect(canceled.stock_return).toBe('pending');
    });

    it.each([
      ['Partially Shipped', aPartiallyShippedOrder()],
      ['shipped', aShippedOrder()],
      ['pending', anOrder({ status: 'pending' })],
      ['canceled', anOrder({ status: 'canceled' })],
      ['failed', anOrder({ status: 'failed' })],
    ] as Array<[string, Order]>)('is refused from %s', (status, order) => {
      expect(refusal(cancel(order, T1))).toEqual({ kind: 'illegal_transition', action: 'cancel', status });
    });

    it('is refused for an on-hold order with an item shipped (its stock left the warehouse)', () => {
      const held = ok(hold(aPartiallyShippedOrder(), T0));
      expect(refusal(cancel(held, T1))).toEqual({ kind: 'illegal_transition', action: 'cancel', status: 'on hold' });
    });
  });

  describe('fulfillment tracking', () => {
    it('changes only the given fields and stamps updated_at', () => {
      const updated = updateTracking(aShippedOrder(), 5, { tracking_number: '2Z' }, T1)!;
      expect(updated.changed).toBe(true);
      expect(updated.fulfillment).toMatchObject({ tracking_number: '2Z', shipping_company: 'UPS', updated_at: T1, created_at: T0 });
      expect(updated.order.fulfillments[0]).toEqual(updated.fulfillment);
    });

    it('answers unchanged when nothing differs, and null for a fulfillment the order does not have', () => {
      expect(updateTracking(aShippedOrder(), 5, { tracking_number: '1Z' }, T1)!.changed).toBe(false);
      expect(updateTracking(aShippedOrder(), 6, { tracking_number: '1Z' }, T1)).toBeNull();
    });
  });
});
