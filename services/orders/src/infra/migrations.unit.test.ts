import { openDatabase, type Database } from '@commerce/persistence';
import { anOrder, T0, T1 } from '../domain/order.fixture';
import type { Refund } from '../domain/order';
import { dateTheLatestRefunds } from './migrations';
import { OrderRepository, type OrderDocument } from './order.repository';

const refund = (id: number, created_at: Date): Refund => ({
  id,
  key: `k${id}`,
  amount: 100,
  items: [],
  shipping: false,
  restock: false,
  note: '',
  status: 'succeeded',
  reference: `r${id}`,
  restock_state: null,
  created_at,
});

describe('migration 1: orders refunded before last_refund_at existed get it', () => {
  let db: Database;

  beforeEach(async () => {
    db = await openDatabase({ engine: 'memory' });
  });

  afterEach(() => db.close());

  it("sets each refunded order's latest refund time, leaves the others, and may run again", async () => {
    const orders = db.collection<OrderDocument>(OrderRepository.collection);
    const stored = (id: number, fields: Partial<OrderDocument>) =>
      orders.insertOne({ ...anOrder({ id }), version: 1, outbox: [], ...fields } as OrderDocument);
    await stored(1, { refunds: [refund(1, T1), refund(2, T0)] });
    await stored(2, { refunds: [] });
    await stored(3, {});
    await stored(4, { refunds: [refund(3, T0)], last_refund_at: T1 });

    await dateTheLatestRefunds.run(db);
    await dateTheLatestRefunds.run(db);

    const lastRefundAt = async (id: number) => (await orders.findOne({ id }))?.last_refund_at;
    expect(await lastRefundAt(1)).toEqual(T1);
    expect(await lastRefundAt(2)).toBeUndefined();
    expect(await lastRefundAt(3)).toBeUndefined();
    expect(await lastRefundAt(4)).toEqual(T1);
  });
});
