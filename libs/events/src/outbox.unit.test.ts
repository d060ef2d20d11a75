import { newEvent, PENDING_OUTBOX_FILTER, withOutbox, type OutboxDocument } from '@commerce/events';
import { openDatabase } from '@commerce/persistence';

const event = (sequence: number) =>
  newEvent({ topic: 'product/updated', storeId: 1, resourceType: 'product', resourceId: 5, sequence, resource: { id: 5 } as never }); // a partial product: these tests are about the outbox

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
