import { newEvent, PENDING_OUTBOX_FILTER, withOutbox, type OutboxDocument } from '@commerce/events';
import { openDatabase } from '@commerce/persistence';
import { outboxBacklog } from './outbox';

// A partial product: these tests are about the outbox.
const event = (sequence: number) =>
  newEvent({ topic: 'product/updated', storeId: 1, resourceType: 'product', resourceId: 5, sequence, resource: { id: 5 } as never });

describe('withOutbox', () => {
  it('adds the event to $push and keeps the rest of the update', () => {
    const e = event(2);
    expect(withOutbox({ $set: { title: 'New' }, $inc: { version: 1 }, $push: { tags: 'x' } }, e)).toEqual({
      $set: { title: 'New', outbox_pending: true },
      $inc: { version: 1 },
      $push: { tags: 'x', outbox: e },
    });
  });

  it('refuses an update that already pushes onto the outbox', () => {
    expect(() => withOutbox({ $push: { outbox: event(1) } }, event(2))).toThrow(/already pushes onto outbox/);
  });

  it('commits the state change and its event in one write', async () => {
    const db = await openDatabase({ engine: 'memory' });
    try {
      const products = db.collection<OutboxDocument>('products');
      await products.insertOne({ id: 5, title: 'Old', version: 1, outbox: [] });
      const e = event(2);
      await products.updateOne({ id: 5 }, withOutbox({ $set: { title: 'New' }, $inc: { version: 1 } }, e));
      expect(await products.findOne({ id: 5 })).toEqual({ id: 5, title: 'New', version: 2, outbox: [e], outbox_pending: true });
      expect(await products.count(PENDING_OUTBOX_FILTER)).toBe(1);
    } finally {
      await db.close();
    }
  });
});

describe('outboxBacklog (the outbox_pending_events and outbox_relay_lag_seconds metrics)', () => {
  it('counts the events waiting in every collection and ages the oldest, leaving drained documents out', async () => {
    const db = await openDatabase({ engine: 'memory' });
    try {
      const now = Date.parse('2026-11-24T12:00:00Z');
      const at = (secondsAgo: number) => ({ ...event(1), occurred_at: new Date(now - secondsAgo * 1000).toISOString() });
      const products = db.collection<OutboxDocument>('products');
      const collections = db.collection<OutboxDocument>('collections');
      await products.insertOne({ id: 1, outbox: [at(3), at(2)], outbox_pending: true });
      await products.insertOne({ id: 2, outbox: [], outbox_pending: false });
      await collections.insertOne({ id: 3, outbox: [at(42)], outbox_pending: true });

      expect(await outboxBacklog([products, collections], now)).toEqual({ events: 3, oldestAgeSeconds: 42 });
      expect(await outboxBacklog([products], now)).toEqual({ events: 2, oldestAgeSeconds: 3 });

      await collections.updateOne({ id: 3 }, { $set: { outbox: [], outbox_pending: false } });
      await products.updateOne({ id: 1 }, { $set: { outbox: [], outbox_pending: false } });
      expect(await outboxBacklog([products, collections], now)).toEqual({ events: 0, oldestAgeSeconds: 0 });
    } finally {
      await db.close();
    }
  });
});
