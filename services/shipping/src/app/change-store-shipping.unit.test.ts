import { OutboxCollection } from '@commerce/events';
import { isDomainError } from '@commerce/grpc-runtime';
import { KeyedQueue, openDatabase, type Database } from '@commerce/persistence';
import { addGroup, changeGroup } from '../domain/store-shipping';
import { ensureShippingIndexes } from '../infra/indexes';
import { StoreShippingRepository, type StoreShippingDocument } from '../infra/store-shipping.repository';
import { changeStoreShipping } from './change-store-shipping';

const STORE = 5;
const at = new Date('2024-05-01T10:00:00Z');

let db: Database;
let repository: StoreShippingRepository;
/** Another replica: same data, its own in-process queue. */
const replica = () => ({ repository, clock: () => at, changes: new KeyedQueue() });

beforeEach(async () => {
  db = await openDatabase({ engine: 'memory' });
  await ensureShippingIndexes(db);
  repository = new StoreShippingRepository(new OutboxCollection(db.collection<StoreShippingDocument>(StoreShippingRepository.collection)));
});

afterEach(() => db.close());

const storedDocument = () => db.collection<StoreShippingDocument>(StoreShippingRepository.collection).findOne({ store_id: STORE });

describe('changeStoreShipping', () => {
  it('writes the first change of a store with its events, version 1', async () => {
    await changeStoreShipping(replica(), STORE, (current, now) => ({
      next: addGroup(current, { id: 1, name: 'Posters' }, [], now),
      primary: { type: 'shipping_group', id: 1 },
    }));

    const document = await storedDocument();
    expect(document).toMatchObject({ store_id: STORE, version: 1, groups: [{ id: 1, name: 'Posters', version: 1 }] });
    expect(document!.outbox.map((event) => [event.topic, event.sequence])).toEqual([['shipping_group/created', 1]]);
  });

  it('re-applies a change on top of a write another replica made since it read', async () => {
    await changeStoreShipping(replica(), STORE, (current, now) => ({
      next: addGroup(current, { id: 1, name: 'A' }, [], now),
      primary: { type: 'shipping_group', id: 1 },
    }));
    let attempts = 0;

    await changeStoreShipping(replica(), STORE, async (current) => {
      attempts++;
      // The other replica slips a write in between this read and this write, once.
      if (attempts === 1) {
        await changeStoreShipping(replica(), STORE, (theirs, later) => ({
          next: addGroup(theirs, { id: 2, name: 'B' }, [], later),
          primary: { type: 'shipping_group', id: 2 },
        }));
      }
      return { next: changeGroup(current, 1, { name: 'A renamed' }), primary: { type: 'shipping_group', id: 1 } };
    });

    const document = await storedDocument();
    expect(attempts).toBe(2);
    expect(document!.groups.map((group) => [group.id, group.name, group.version])).toEqual([
      [1, 'A renamed', 2],
      [2, 'B', 1],
    ]);
    expect(document!.version).toBe(3);
    expect(document!.outbox.map((event) => [event.topic, event.resource_id, event.sequence])).toEqual([
      ['shipping_group/created', 1, 1],
      ['shipping_group/created', 2, 1],
      ['shipping_group/updated', 1, 2],
    ]);
  });

  it('also re-applies when another replica created the store document first', async () => {
    let attempts = 0;

    await changeStoreShipping(replica(), STORE, async (current, now) => {
      attempts++;
      if (attempts === 1) {
        await changeStoreShipping(replica(), STORE, (theirs, later) => ({
          next: addGroup(theirs, { id: 2, name: 'B' }, [], later),
          primary: { type: 'shipping_group', id: 2 },
        }));
      }
      return { next: addGroup(current, { id: 1, name: 'A' }, [], now), primary: { type: 'shipping_group', id: 1 } };
    });

    expect((await storedDocument())!.groups.map((group) => group.id)).toEqual([1, 2]);
  });

  it('gives up with CONFLICT when the store keeps changing under it', async () => {
    await changeStoreShipping(replica(), STORE, (current, now) => ({
      next: addGroup(current, { id: 1, name: 'A' }, [], now),
      primary: { type: 'shipping_group', id: 1 },
    }));
    let n = 0;

    const failure = await changeStoreShipping(replica(), STORE, async (current) => {
      await changeStoreShipping(replica(), STORE, (theirs) => ({
        next: changeGroup(theirs, 1, { name: `theirs ${++n}` }),
        primary: { type: 'shipping_group', id: 1 },
      }));
      return { next: changeGroup(current, 1, { name: 'mine' }), primary: { type: 'shipping_group', id: 1 } };
    }).catch((error: unknown) => error);

    expect(isDomainError(failure) && failure.reason).toBe('CONFLICT');
  });

  it('writes nothing for a change that alters nothing', async () => {
    await changeStoreShipping(replica(), STORE, (current, now) => ({
      next: addGroup(current, { id: 1, name: 'A' }, [], now),
      primary: { type: 'shipping_group', id: 1 },
    }));

    const applied = await changeStoreShipping(replica(), STORE, (current) => ({
      next: changeGroup(current, 1, { name: 'A' }),
      primary: { type: 'shipping_group', id: 1 },
    }));

    expect(applied.changes).toEqual([]);
    expect((await storedDocument())!.version).toBe(1);
  });
});
