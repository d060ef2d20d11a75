// Every event insert writes every index of the events collection (issue 10), so each must serve a query: the
// repository's own queries on events are recorded as it makes them and explained on SQLite, and every index
// created must turn up in a plan, each query in the plan of the index meant for it.
import { explainEmbeddedQuery, openDatabase, type Collection, type Database, type Filter, type FindOptions } from '@commerce/persistence';
import type { AttemptDocument, DeliveryDocument, StoredEventDocument } from './delivery.documents';
import { DeliveryRepository } from './delivery.repository';
import { ensureDeliveryIndexes } from './indexes';
import { RETIRED_FEED_INDEX } from './migrations';

interface RecordedQuery {
  method: string;
  filter: Filter;
  options: FindOptions;
}

/** Methods whose first argument is a filter, and where their options are (findFields: after the fields). */
const OPTIONS_AT: Record<string, number | undefined> = {
  findOne: undefined,
  find: 1,
  findFields: 2,
  count: undefined,
  updateOne: undefined,
  updateMany: undefined,
  findOneAndUpdate: undefined,
  deleteOne: undefined,
  deleteMany: undefined,
};
const SINGLE = new Set(['findOne', 'updateOne', 'findOneAndUpdate', 'deleteOne']);

/** The events collection, recording every query made on it and the name of every index created. */
function recording(events: Collection<StoredEventDocument>, queries: RecordedQuery[], created: string[]): Collection<StoredEventDocument> {
  return new Proxy(events, {
    get(target, method, receiver) {
      const value = Reflect.get(target, method, receiver) as unknown;
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        const name = String(method);
        if (name === 'createIndex') created.push((args[1] as { name: string }).name);
        if (name in OPTIONS_AT) {
          const at = OPTIONS_AT[name];
          const options = (at === undefined ? {} : (args[at] as FindOptions | undefined)) ?? {};
          queries.push({ method: name, filter: args[0] as Filter, options: SINGLE.has(name) ? { ...options, limit: 1 } : options });
        }
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
}

const RECEIVED = new Date('2026-03-01T10:00:00.000Z');

function anEvent(id: string, sequence: number): StoredEventDocument {
  return {
    id,
    topic: 'product/updated',
    store_id: 7,
    occurred_at: RECEIVED.toISOString(),
    resource: { id: 1, variants: [{ id: 1 }] },
    sequence,
    resource_type: 'product',
    resource_id: 1,
    history_key: 'product:1',
    received_at: RECEIVED,
    fanned_out: false,
  };
}

let db: Database;
let deliveries: DeliveryRepository;
const queries: RecordedQuery[] = [];
const created: string[] = [];

beforeEach(async () => {
  queries.length = 0;
  created.length = 0;
  db = await openDatabase({ engine: 'memory' });
  const events = recording(db.collection<StoredEventDocument>('events'), queries, created);
  deliveries = new DeliveryRepository(
    events,
    db.collection<DeliveryDocument>('deliveries'),
    db.collection<AttemptDocument>('delivery_attempts'),
  );
  await ensureDeliveryIndexes(deliveries);
  // Documents of every shape stored, so the planner knows which paths held arrays.
  await deliveries.insertEvent(anEvent('e1', 1));
  await deliveries.insertEvent(anEvent('e2', 2));
});

afterEach(() => db.close());

/** What each use of the events collection is; `made` runs it through the repository. */
const USES: Array<[use: string, index: string, made: () => Promise<unknown>]> = [
  ['an event by id (delivery, repair, the feed cursor)', 'events_id', () => deliveries.findEvent('e1')],
  ['a redelivered event (insert collides, then read back)', 'events_id', () => deliveries.insertEvent(anEvent('e1', 1))],
  ['the predecessor of an event', 'events_resource_sequence', () => deliveries.hasPredecessor(anEvent('e2', 2))],
  ['the events to fan out, oldest first', 'events_fan_out', () => deliveries.eventsToFanOut(100)],
  ['marking events fanned out', 'events_id', () => deliveries.markFannedOut(['e1', 'e2'])],
  ['the first page of the feed', 'events_store_feed', () => deliveries.feed(7, ['product/updated', 'order/created'], null, 50)],
  [
    'a page of the feed after a cursor',
    'events_store_feed',
    async () => deliveries.feed(7, ['product/updated'], await deliveries.findEvent('e1'), 50),
  ],
  [
    "the first page of an order's history (the events of the order, its fulfillments and refunds)",
    'events_store_history',
    () => deliveries.feed(7, ['order/paid', 'fulfillment/updated'], null, 50, { historyKey: 'order:3' }),
  ],
  [
    "a page of one resource's events after a cursor",
    'events_store_history',
    async () =>
      deliveries.feed(7, ['product/updated'], await deliveries.findEvent('e1'), 50, {
        historyKey: 'product:1',
        resource: { type: 'product', id: 1 },
      }),
  ],
  ["the history a fulfillment's events belong to", 'events_resource_sequence', () => deliveries.historyKeyOfResource(7, 'fulfillment', 5)],
  ['the replay of events since a time', 'events_store_occurred', () => deliveries.eventsSince(7, new Date(RECEIVED.getTime() - 60_000))],
  ['pruning the events received before a time', 'events_received', () => deliveries.prune(new Date(RECEIVED.getTime() - 60_000))],
];

it.each(USES)('serves %s from %s, decided in SQL', async (_use, index, made) => {
  queries.length = 0;
  await made();

  expect(queries.length).toBeGreaterThan(0);
  const plans = queries.map(({ filter, options }) => explainEmbeddedQuery(db, 'events', filter, options));
  const last = plans.at(-1)!;
  expect(last.exact).toBe(true);
  expect(last.plan.join('\n')).toMatch(new RegExp(`^SEARCH c_events USING (COVERING )?INDEX events/${index} \\(`));
  for (const { plan } of plans) expect(plan.join('\n')).not.toMatch(/SCAN c_events/);
});

it("starts a page of the feed after a cursor at the cursor in the index, not at the store's first event", async () => {
  const cursor = await deliveries.findEvent('e1');
  queries.length = 0;

  await deliveries.feed(7, ['product/updated'], cursor, 50);

  const { filter, options } = queries.at(-1)!;
  expect(explainEmbeddedQuery(db, 'events', filter, options).plan.join('\n')).toMatch(
    /USING INDEX events\/events_store_feed \(<expr>=\? AND <expr>>\?/,
  );
});

it('keys the events kept from before feed keys (migration 1) in received order from events_received, then by id', async () => {
  await deliveries.events.insertMany([
    { ...anEvent('old-1', 1), id: 'old-1' },
    { ...anEvent('old-2', 2), id: 'old-2' },
  ]);
  queries.length = 0;

  expect(await deliveries.keyUnkeyedEvents()).toBe(2);

  const [unkeyed, ...updates] = queries.map(({ filter, options }) => explainEmbeddedQuery(db, 'events', filter, options).plan.join('\n'));
  // A pass over every event by design (it runs once): walked in index order rather than sorted whole.
  expect(unkeyed).toMatch(/USING INDEX events\/events_received\b/);
  expect(updates).toHaveLength(2);
  for (const update of updates) expect(update).toMatch(/^SEARCH c_events USING INDEX events\/events_id \(/);
});

it('creates only indexes a query uses, and no longer the retired feed index', async () => {
  for (const [, , made] of USES) await made();
  const used = new Set(
    queries
      .flatMap(
        ({ filter, options }) =>
          explainEmbeddedQuery(db, 'events', filter, options)
            .plan.join('\n')
            .match(/events\/[a-z_]+/g) ?? [],
      )
      .map((name) => name.slice('events/'.length)),
  );

  expect(created).not.toContain(RETIRED_FEED_INDEX);
  expect([...used].sort()).toEqual([...created].sort());
});
