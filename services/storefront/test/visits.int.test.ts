import { OutboxCollection } from '@commerce/events';
// Visit statistics end to end inside the service: page views recorded with a moved clock through the real
// aggregator into a real SQLite file, read back through the use case; then the gRPC surface of the service.
import { storefront } from '@commerce/contracts';
import { createClient, type ServiceClient } from '@commerce/grpc-runtime';
import { rejectionOf } from '@commerce/testing';
import { status } from '@grpc/grpc-js';
import { pruneVisits, storeTimeZones, VisitAggregator, visitFlushTask } from '../src/app/record-page-view';
import { StoreRepository, type StoreDocument } from '../src/infra/store.repository';
import { VisitRepository } from '../src/infra/visit.repository';
import { startStorefrontHarness, aCreateStoreRequest, type StorefrontHarness } from './storefront.fixture';
import { BROWSER, GOOGLEBOT, MINUTE, VisitsFixture } from './visits.fixture';

describe('visit statistics (aggregator + SQLite file + read)', () => {
  const f = new VisitsFixture();
  const aStore = f.aStore.bind(f);
  const view = f.view.bind(f);
  const record = f.record.bind(f);
  const read = f.read.bind(f);
  const daily = f.daily.bind(f);
  const today = f.today.bind(f);

  beforeEach(async () => {
    f.now = new Date('2026-11-24T20:00:00Z'); // Tuesday 15:00 in New York
    f.errors.length = 0;
    await f.open();
  });
  afterEach(async () => {
    await f.close();
    expect(f.errors).toEqual([]);
  });

  it('answers 8 weeks and 7 days of zeros for a store nobody visited, oldest first, in its zone', async () => {
    const store = await aStore(1);
    expect(await read(store)).toEqual({
      weekly_visits: ['10/4/26', '10/11/26', '10/18/26', '10/25/26', '11/1/26', '11/8/26', '11/15/26', '11/22/26'].map((week) => ({
        week,
        visits: 0,
        visitors: 0,
      })),
      daily_visits: ['Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday', 'Monday', 'Tuesday'].map((day) => ({
        day,
        visits: 0,
        visitors: 0,
      })),
    });
  });

  it('counts a visit per session: views less than 30 minutes apart are one visit, a gap of 30 minutes starts another', async () => {
    const store = await aStore(1);
    await record(
      view(store, 'a', '2026-11-24T15:00:00Z'),
      view(store, 'a', '2026-11-24T15:20:00Z'),
      view(store, 'a', '2026-11-24T15:49:59Z'), // 29:59 after the last view: same visit, though 49 minutes after the first
      view(store, 'a', '2026-11-24T16:19:59Z'), // exactly 30 minutes: a new visit
    );
    expect(await today(store)).toEqual({ day: 'Tuesday', visits: 2, visitors: 1 });
  });

  it('continues a session across flushes and across a new aggregator (a restart): the state is stored', async () => {
    const store = await aStore(1);
    await record(view(store, 'a', '2026-11-24T15:00:00Z'));
    f.aggregator = f.newAggregator();
    await record(view(store, 'a', '2026-11-24T15:25:00Z'));
    await record(view(store, 'a', '2026-11-24T15:50:00Z'));
    expect(await today(store)).toEqual({ day: 'Tuesday', visits: 1, visitors: 1 });
  });

  it('writes, when the service stops, whatever is still queued', async () => {
    const store = await aStore(1);
    const task = visitFlushTask(f.aggregator, 60_000);
    task.start();
    f.aggregator.record(view(store, 'a', '2026-11-24T15:00:00Z'));
    expect(f.aggregator.pending).toBe(1);
    await task.stop();
    expect(f.aggregator.pending).toBe(0);
    expect(await today(store)).toEqual({ day: 'Tuesday', visits: 1, visitors: 1 });
  });

  it('counts each browser once per day and once per week however many visits it makes', async () => {
    const store = await aStore(1);
    await record(
      view(store, 'a', '2026-11-23T14:00:00Z'), // Monday
      view(store, 'a', '2026-11-23T18:00:00Z'),
      view(store, 'b', '2026-11-23T18:05:00Z'),
      view(store, 'a', '2026-11-24T14:00:00Z'), // Tuesday
      view(store, 'a', '2026-11-24T16:00:00Z'),
    );
    const visitsRead = await read(store);
    expect(visitsRead.daily_visits.slice(-2)).toEqual([
      { day: 'Monday', visits: 3, visitors: 2 },
      { day: 'Tuesday', visits: 2, visitors: 1 },
    ]);
    expect(visitsRead.weekly_visits.at(-1)).toEqual({ week: '11/22/26', visits: 5, visitors: 2 });
  });

  it('does not count known bots, views without a User-Agent nor views without a valid time (and keeps the rest of the batch)', async () => {
    const store = await aStore(1);
    await record(
      view(store, 'crawler', '2026-11-24T15:00:00Z', { user_agent: GOOGLEBOT }),
      view(store, 'silent', '2026-11-24T15:00:00Z', { user_agent: '' }),
      view(store, '', '2026-11-24T15:00:00Z', { user_agent: ' ' }),
      view(store, 'b', 'not a time'),
      view(store, 'a', '2026-11-24T15:00:00Z'),
    );
    expect(await today(store)).toEqual({ day: 'Tuesday', visits: 1, visitors: 1 });
  });

  it("puts a visit in the store's day and week when it started, in the store's zone, across local midnight", async () => {
    const ny = await aStore(1);
    const auckland = await aStore(2, 'Pacific/Auckland');
    // Saturday 23:50 in New York (Sunday 17:50 in Auckland); the visit goes on past midnight.
    await record(view(ny, 'a', '2026-11-22T04:50:00Z'), view(ny, 'a', '2026-11-22T05:10:00Z'), view(auckland, 'a', '2026-11-22T04:50:00Z'));
    const nyRead = await read(ny);
    expect(nyRead.daily_visits.slice(-4, -2)).toEqual([
      { day: 'Saturday', visits: 1, visitors: 1 },
      { day: 'Sunday', visits: 0, visitors: 0 },
    ]);
    expect(nyRead.weekly_visits.slice(-2)).toEqual([
      { week: '11/15/26', visits: 1, visitors: 1 },
      { week: '11/22/26', visits: 0, visitors: 0 },
    ]);
    const aucklandRead = await read(auckland); // now is Wednesday 09:00 in Auckland
    expect(aucklandRead.daily_visits.map((day) => day.day)).toEqual([
      'Thursday',
      'Friday',
      'Saturday',
      'Sunday',
      'Monday',
      'Tuesday',
      'Wednesday',
    ]);
    expect(aucklandRead.daily_visits[3]).toEqual({ day: 'Sunday', visits: 1, visitors: 1 });
    expect(aucklandRead.weekly_visits.at(-1)).toEqual({ week: '11/22/26', visits: 1, visitors: 1 });
  });

  it('keeps a day of 25 hours whole when New York leaves summer time', async () => {
    const store = await aStore(1);
    f.now = new Date('2026-11-03T12:00:00Z');
    // 00:10 EDT and 23:40 EST of Sunday 1 November, 24.5 hours apart.
    await record(
      view(store, 'a', '2026-11-01T04:10:00Z'),
      view(store, 'b', '2026-11-02T04:40:00Z'),
      view(store, 'c', '2026-11-02T05:10:00Z'),
    );
    const days = await daily(store);
    expect(days.slice(-3)).toEqual([
      { day: 'Sunday', visits: 2, visitors: 2 },
      { day: 'Monday', visits: 1, visitors: 1 },
      { day: 'Tuesday', visits: 0, visitors: 0 },
    ]);
  });

  it('shows the last 8 weeks only, each labelled by its Sunday (views recorded oldest first, as they arrive)', async () => {
    const store = await aStore(1);
    const weeksAgo = (weeks: number) => new Date(f.now.getTime() - weeks * 7 * 24 * 60 * MINUTE).toISOString();
    for (let weeks = 9; weeks >= 0; weeks -= 1)
      for (let n = 0; n <= weeks; n += 1) f.aggregator.record(view(store, `v${n}`, weeksAgo(weeks)));
    await f.aggregator.flush();
    expect((await read(store)).weekly_visits).toEqual([
      { week: '10/4/26', visits: 8, visitors: 8 },
      { week: '10/11/26', visits: 7, visitors: 7 },
      { week: '10/18/26', visits: 6, visitors: 6 },
      { week: '10/25/26', visits: 5, visitors: 5 },
      { week: '11/1/26', visits: 4, visitors: 4 },
      { week: '11/8/26', visits: 3, visitors: 3 },
      { week: '11/15/26', visits: 2, visitors: 2 },
      { week: '11/22/26', visits: 1, visitors: 1 },
    ]);
  });

  it('counts as marketplace visits the sessions that entered through the marketplace, by ref or by referrer', async () => {
    const store = await aStore(1);
    await record(
      view(store, 'a', '2026-11-24T15:00:00Z', { ref: 'marketplace' }),
      view(store, 'a', '2026-11-24T15:10:00Z'), // the same visit, no ref any more
      view(store, 'b', '2026-11-24T15:00:00Z', { referer: 'http://marketplace.shops.test/search?q=bolts' }),
      view(store, 'c', '2026-11-24T15:00:00Z', { referer: 'https://www.google.com/' }),
      view(store, 'c', '2026-11-24T15:10:00Z', { ref: 'marketplace' }), // mid-visit: the visit entered elsewhere
      view(store, 'a', '2026-11-24T17:00:00Z'), // a's second visit, direct
      view(store, 'a', '2026-11-24T18:00:00Z', { ref: 'marketplace' }), // a's third, through the marketplace
    );
    expect(await today(store)).toEqual({ day: 'Tuesday', visits: 5, visitors: 3 });
    expect(await today(store, true)).toEqual({ day: 'Tuesday', visits: 3, visitors: 2 });
    expect((await read(store, true)).weekly_visits.at(-1)).toEqual({ week: '11/22/26', visits: 3, visitors: 2 });
  });

  it("keeps each store's views to itself, the same browser being a separate visitor of each", async () => {
    const one = await aStore(1);
    const other = await aStore(2);
    const quiet = await aStore(3);
    await record(view(one, 'a', '2026-11-24T15:00:00Z'), view(other, 'a', '2026-11-24T15:05:00Z'), view(one, 'b', '2026-11-24T15:00:00Z'));
    expect(await today(one)).toEqual({ day: 'Tuesday', visits: 2, visitors: 2 });
    expect(await today(other)).toEqual({ day: 'Tuesday', visits: 1, visitors: 1 });
    expect((await read(quiet)).daily_visits.every((day) => day.visits === 0 && day.visitors === 0)).toBe(true);
  });

  it('drops the views of a store that does not exist and answers NOT_FOUND for its statistics', async () => {
    await record(view(99, 'a', '2026-11-24T15:00:00Z'));
    expect(await f.visits.countsOf(99, 'day', ['2026-11-24'])).toEqual([]);
    await expect(read(99)).rejects.toMatchObject({ name: 'DomainError', reason: 'NOT_FOUND' });
  });

  it('prunes browsers not seen for 8 days and counters older than any shown week, and keeps the rest', async () => {
    const store = await aStore(1);
    await record(
      view(store, 'old', '2026-09-01T15:00:00Z'),
      view(store, 'recent', '2026-11-20T15:00:00Z'),
      view(store, 'now', '2026-11-24T15:00:00Z'),
    );
    const pruned = await pruneVisits(f.visits, f.now);
    expect(pruned).toEqual({ visitors: 1, counts: 2 }); // 'old' and its day and week counters
    expect(await today(store)).toEqual({ day: 'Tuesday', visits: 1, visitors: 1 });
    expect(await f.visits.findVisitors(store, ['old', 'recent', 'now'])).toHaveLength(2);
    expect((await read(store)).daily_visits[2]).toEqual({ day: 'Friday', visits: 1, visitors: 1 });
  });
});

describe('VisitService over gRPC', () => {
  let harness: StorefrontHarness;
  let visitsClient: ServiceClient<storefront.VisitServiceClient>;

  beforeAll(async () => {
    harness = await startStorefrontHarness();
    visitsClient = createClient(storefront.VisitServiceClient, harness.address);
  });
  afterAll(async () => {
    await harness.stop();
  });

  it('answers the views the service stored, zeros elsewhere, and NOT_FOUND for a store that does not exist', async () => {
    const { store } = await harness.client.createStore(aCreateStoreRequest({ time_zone: 'Europe/Berlin' }));
    const db = harness.service.host.db;
    const aggregator = new VisitAggregator({
      visits: VisitRepository.open(db),
      timeZoneOf: storeTimeZones(
        new StoreRepository(new OutboxCollection(db.collection<StoreDocument>(StoreRepository.collection))),
        'UTC',
      ),
      storefrontDomain: harness.env.STOREFRONT_DOMAIN ?? 'shops.localhost',
      onError: (error) => {
        throw error;
      },
    });
    aggregator.record({
      store_id: store!.id,
      visitor_id: 'a',
      at: new Date(),
      user_agent: BROWSER,
      referer: '',
      ref: 'marketplace',
      client_address: '203.0.113.9',
    });
    await aggregator.flush();

    const all = await visitsClient.getStoreVisits({ store_id: store!.id, marketplace_only: false });
    expect(all.weekly_visits).toHaveLength(8);
    expect(all.daily_visits).toHaveLength(7);
    expect(all.daily_visits.at(-1)).toMatchObject({ visits: 1, visitors: 1 });
    expect(all.weekly_visits.at(-1)).toMatchObject({ visits: 1, visitors: 1 });
    expect(all.daily_visits.slice(0, -1).every((day) => day.visits === 0 && day.visitors === 0)).toBe(true);
    expect(all.weekly_visits.at(-1)!.week).toMatch(/^\d{1,2}\/\d{1,2}\/\d\d$/);
    const marketplace = await visitsClient.getStoreVisits({ store_id: store!.id, marketplace_only: true });
    expect(marketplace.daily_visits.at(-1)).toMatchObject({ visits: 1, visitors: 1 });

    expect((await rejectionOf(visitsClient.getStoreVisits({ store_id: 424242, marketplace_only: false }))).code).toBe(status.NOT_FOUND);
  });
});
