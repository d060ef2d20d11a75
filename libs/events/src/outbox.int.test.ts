import { lastOutboxRemoval, newEvent, outboxRemoval, OutboxCollection, PENDING_OUTBOX_FILTER, type OutboxDocument } from '@commerce/events';
import { openDatabase, type Database, type DatabaseOptions } from '@commerce/persistence';
import { removeDir, tempDir } from '@commerce/testing';

const event = (sequence: number) =>
  newEvent({
    topic: 'variant/updated',
    storeId: 2,
    resourceType: 'variant',
    resourceId: 9,
    sequence,
    resource: { id: 9, sequence } as never,
  }); // a partial variant: these tests are about the outbox

// The relay relies on these three operations behaving the same on every engine a service may run on, through
// OutboxCollection as every service writes its outbox documents (removals: the plain collection, as the relay's).
describe.each(['memory', 'embedded'] as const)('outbox operations on the %s engine', (engine) => {
  let db: Database;
  let dir: string | undefined;

  beforeEach(async () => {
    dir = engine === 'embedded' ? await tempDir('outbox-engine-') : undefined;
    const options: DatabaseOptions = dir ? { engine: 'embedded', dir } : { engine: 'memory' };
    db = await openDatabase(options);
  });

  afterEach(async () => {
    await db.close();
    if (dir) await removeDir(dir);
  });

  it('appends events with the state change and removes exactly the published one', async () => {
    const variants = new OutboxCollection(db.collection<OutboxDocument>('variants')); // as the services write them
    await variants.insertWithEvents({ id: 9, price_cents: 100, version: 1 }, []);
    await variants.insertWithEvents({ id: 10, price_cents: 500, version: 1 }, []);
    const [first, second] = [event(2), event(3)];
    await variants.updateWithEvents({ id: 9 }, { $set: { price_cents: 150 }, $inc: { version: 1 } }, [first]);
    await variants.updateWithEvents({ id: 9 }, { $set: { price_cents: 175 }, $inc: { version: 1 } }, [second]);

    expect(await variants.find(PENDING_OUTBOX_FILTER)).toEqual([
      { id: 9, price_cents: 175, version: 3, outbox: [first, second], outbox_pending: true },
    ]);

    const removal = outboxRemoval([first.id]);
    expect(await variants.documents.updateOne(removal.filter, removal.update)).toMatchObject({ matched: 1, modified: 1 });
    expect((await variants.findOne({ id: 9 }))?.outbox).toEqual([second]);

    const again = outboxRemoval([second.id]);
    await variants.documents.updateOne(again.filter, again.update);
    expect(await variants.count(PENDING_OUTBOX_FILTER)).toBe(0);
    expect(await variants.findOne({ id: 10 })).toEqual({ id: 10, price_cents: 500, version: 1, outbox: [] });
  });

  it("clears the pending flag with the document's last event, and leaves it when another event came meanwhile", async () => {
    const variants = new OutboxCollection(db.collection<OutboxDocument>('variants')); // as the services write them
    const [first, second] = [event(2), event(3)];
    await variants.insertWithEvents({ id: 9, version: 1 }, []);
    await variants.updateWithEvents({ id: 9 }, { $inc: { version: 1 } }, [first]);
    await variants.updateWithEvents({ id: 9 }, { $inc: { version: 1 } }, [second]);

    const early = lastOutboxRemoval([first.id]);
    expect(await variants.documents.updateOne(early.filter, early.update)).toMatchObject({ matched: 0 });
    const outOfOrder = outboxRemoval([second.id]);
    expect(await variants.documents.updateOne(outOfOrder.filter, outOfOrder.update)).toMatchObject({ matched: 0 });
    const removal = outboxRemoval([first.id]);
    await variants.documents.updateOne(removal.filter, removal.update);
    const last = lastOutboxRemoval([second.id]);
    expect(await variants.documents.updateOne(last.filter, last.update)).toMatchObject({ matched: 1, modified: 1 });
    expect(await variants.findOne({ id: 9 })).toEqual({ id: 9, version: 3, outbox: [], outbox_pending: false });
  });

  it('removes several published events in one write, clearing the flag only when they were all the document held', async () => {
    const variants = new OutboxCollection(db.collection<OutboxDocument>('variants')); // as the services write them
    const [first, second, third] = [event(2), event(3), event(4)];
    await variants.insertWithEvents({ id: 9, version: 1 }, []);
    for (const next of [first, second, third]) await variants.updateWithEvents({ id: 9 }, { $inc: { version: 1 } }, [next]);

    const tooFew = lastOutboxRemoval([first.id, second.id]);
    expect(await variants.documents.updateOne(tooFew.filter, tooFew.update)).toMatchObject({ matched: 0 });
    const two = outboxRemoval([first.id, second.id]);
    expect(await variants.documents.updateOne(two.filter, two.update)).toMatchObject({ matched: 1, modified: 1 });
    expect(await variants.findOne({ id: 9 })).toMatchObject({ outbox: [third], outbox_pending: true });

    const rest = lastOutboxRemoval([third.id]);
    expect(await variants.documents.updateOne(rest.filter, rest.update)).toMatchObject({ matched: 1, modified: 1 });
    expect(await variants.findOne({ id: 9 })).toEqual({ id: 9, version: 4, outbox: [], outbox_pending: false });
  });
});
