// The events feed's cursor (issue 14 item 5): an app that read a page never misses an event stored after it, even in
// the same millisecond as the page's last event and with an id that sorts before it.
import { openDatabase, type Database } from '@commerce/persistence';
import { listEvents } from '../src/app/list-events';
import { StoreEventSignals } from '../src/app/store-event-signals';
import type { StoredEventDocument } from '../src/infra/delivery.documents';
import { DeliveryRepository } from '../src/infra/delivery.repository';
import { ensureDeliveryIndexes } from '../src/infra/indexes';
import { keyTheEventsFeed } from '../src/infra/migrations';

const STORE = 7;
const SAME_MILLISECOND = new Date('2026-11-24T04:00:00.000Z');

let db: Database;
let deliveries: DeliveryRepository;
const eventSignals = new StoreEventSignals();
/** The plain feed: no long poll. */
const NO_WAIT = { topics: [], wait_ms: 0, from_newest: false, resource_type: '', resource_id: 0, order_id: 0 };

beforeEach(async () => {
  db = await openDatabase({ engine: 'memory' });
  deliveries = DeliveryRepository.open(db);
  await ensureDeliveryIndexes(deliveries);
});

afterEach(() => db.close());

function anEvent(id: string, receivedAt = SAME_MILLISECOND): StoredEventDocument {
  return {
    id,
    topic: 'product/updated',
    store_id: STORE,
    occurred_at: receivedAt.toISOString(),
    resource: { id: 1 },
    sequence: 1,
    resource_type: 'product',
    resource_id: 1,
    received_at: receivedAt,
    fanned_out: true,
  };
}

const idsAfter = async (sinceId: string) =>
  (await listEvents({ deliveries, eventSignals }, STORE, { ...NO_WAIT, since_id: sinceId, limit: undefined, topic: '' })).events.map(
    (text) => (JSON.parse(text) as { id: string }).id,
  );

it('gives an event stored after the page was read, in the same millisecond and with a smaller id, on the next page', async () => {
  await deliveries.insertEvent(anEvent('m-second-in-id-order'));
  const firstPage = (await listEvents({ deliveries, eventSignals }, STORE, { ...NO_WAIT, since_id: '', limit: undefined, topic: '' }))
    .events;
  expect(firstPage.map((text) => (JSON.parse(text) as { id: string }).id)).toEqual(['m-second-in-id-order']);

  await deliveries.insertEvent(anEvent('a-first-in-id-order'));

  expect(await idsAfter('m-second-in-id-order')).toEqual(['a-first-in-id-order']);
});

it('keeps the order in which events were stored, whatever their ids, across many in one millisecond', async () => {
  const ids = Array.from({ length: 20 }, (_, n) => `${String.fromCharCode(122 - n)}-${n}`);
  await Promise.all(ids.map((id) => deliveries.insertEvent(anEvent(id))));

  const seen: string[] = [];
  let cursor = '';
  for (let page = 0; page < 20 && seen.length < ids.length; page++) {
    const answer = await listEvents({ deliveries, eventSignals }, STORE, { ...NO_WAIT, since_id: cursor, limit: 3, topic: '' });
    const pageIds = answer.events.map((text) => (JSON.parse(text) as { id: string }).id);
    seen.push(...pageIds);
    cursor = pageIds.at(-1) ?? cursor;
  }
  expect(seen).toEqual(ids);
});

it('gives the events kept from before feed keys theirs, so the feed pages over old and new alike', async () => {
  const earlier = new Date(SAME_MILLISECOND.getTime() - 60_000);
  await deliveries.events.insertOne(anEvent('old-event', earlier));
  await keyTheEventsFeed.run(db);
  await deliveries.insertEvent(anEvent('new-event'));

  expect((await deliveries.findEvent('old-event'))?.feed_key).toBe(earlier.getTime() * 1000);
  expect(await idsAfter('old-event')).toEqual(['new-event']);
});
