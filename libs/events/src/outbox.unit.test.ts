import { newEvent, OutboxCollection, PENDING_OUTBOX_FILTER, type OutboxDocument } from '@commerce/events';
import { openDatabase, type Database } from '@commerce/persistence';
import { outboxBacklog } from './outbox';

// A partial product: these tests are about the outbox.
const event = (sequence: number) =>
  newEvent({ topic: 'product/updated', storeId: 1, resourceType: 'product', resourceId: 5, sequence, resource: { id: 5 } as never });

describe('OutboxCollection', () => {
  let db: Database;
  beforeEach(async () => {
    db = await openDatabase({ engine: 'memory' });
  });
  afterEach(() => db.close());

  /** An outbox collection of products whose relay records what it was asked to do. */
  function wired() {
    const calls: string[] = [];
    const inserted: Array<Pick<OutboxDocument, 'outbox'>> = [];
    const products = new OutboxCollection<OutboxDocument>(db.collection('products'), () => ({
      kick: () => calls.push('kick'),
      relayInserted: (collection, doc) => {
        calls.push(collection === products.outboxDocuments() ? 'inserted' : 'inserted elsewhere');
        inserted.push(doc);
      },
    }));
    return { products, calls, inserted };
  }

  it('commits the state change and its events in one write, keeping the rest of the update', async () => {
    const { products } = wired();
    await products.insertOne({ id: 5, title: 'Old', version: 1, tags: [] });
    const [first, second] = [event(2), event(3)];
    await products.updateWithEvents({ id: 5 }, { $set: { title: 'New' }, $inc: { version: 1 }, $push: { tags: 'x' } }, [first, second]);
    expect(await products.findOne({ id: 5 })).toEqual({
      id: 5,
      title: 'New',
      version: 2,
      tags: ['x'],
      outbox: [first, second],
      outbox_pending: true,
    });
    expect(await products.count(PENDING_OUTBOX_FILTER)).toBe(1);
  });

  it('answers the document as written from findOneAndUpdateWithEvents, and null when nothing matched', async () => {
    const { products } = wired();
    await products.insertWithEvents({ id: 5, title: 'Old', version: 1 }, []);
    const e = event(2);
    const written = await products.findOneAndUpdateWithEvents({ id: 5, version: 1 }, { $set: { title: 'New' }, $inc: { version: 1 } }, [e]);
    expect(written).toEqual({ id: 5, title: 'New', version: 2, outbox: [e], outbox_pending: true });
    expect(await products.findOneAndUpdateWithEvents({ id: 5, version: 1 }, { $inc: { version: 1 } }, [event(3)])).toBeNull();
  });

  it('hands an inserted document with events to the relay as written, once it is stored', async () => {
    const { products, calls, inserted } = wired();
    const events = [event(1)];

    const pending = products.insertWithEvents({ id: 1, name: 'Mug' }, events);
    expect(calls).toEqual([]);
    await pending;

    expect(calls).toEqual(['inserted']);
    expect(inserted).toEqual([{ id: 1, name: 'Mug', outbox: events, outbox_pending: true }]);
    expect(await db.collection('products').findOne({ id: 1 })).toMatchObject({ outbox: events, outbox_pending: true });
  });

  it('asks the relay to look after an update with events, and wakes nobody for a write without events', async () => {
    const { products, calls } = wired();
    await products.insertWithEvents({ id: 1, name: 'Mug' }, []);
    await products.insertOne({ id: 2, name: 'Cup' });
    await products.updateOne({ id: 1 }, { $set: { name: 'Big mug' } });
    await products.updateWithEvents({ id: 2 }, { $set: { name: 'Big cup' } }, []);
    expect(calls).toEqual([]);
    expect(await products.findOne({ id: 1 })).toEqual({ id: 1, name: 'Big mug', outbox: [] });

    await products.updateWithEvents({ id: 1 }, { $set: { name: 'Tall mug' } }, [event(2)]);
    await products.findOneAndUpdateWithEvents({ id: 2 }, { $set: { name: 'Tall cup' } }, [event(2)]);
    expect(calls).toEqual(['kick', 'kick']);
  });

  it('wakes nobody when the write fails', async () => {
    const { products, calls } = wired();
    await products.createIndex({ id: 1 }, { unique: true });
    await products.insertWithEvents({ id: 1 }, [event(1)]);

    await expect(products.insertWithEvents({ id: 1 }, [event(2)])).rejects.toThrow();

    expect(calls).toEqual(['inserted']);
  });

  it('refuses a write that names the outbox any other way, so an event cannot skip the flag or the relay', async () => {
    const { products } = wired();
    const refused = /names the outbox: write events with insertWithEvents/;
    expect(() => products.insertOne({ id: 1, outbox: [event(1)] })).toThrow(refused);
    expect(() => products.updateOne({ id: 1 }, { $push: { outbox: event(1) } })).toThrow(refused);
    expect(() => products.findOneAndUpdate({ id: 1 }, { $set: { outbox_pending: true } })).toThrow(refused);
    await expect(products.updateWithEvents({ id: 1 }, { $push: { outbox: event(1) } }, [event(2)])).rejects.toThrow(refused);
    await expect(products.insertWithEvents({ id: 1, outbox: [] }, [event(2)])).rejects.toThrow(refused);
    expect(await products.count({})).toBe(0);
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
