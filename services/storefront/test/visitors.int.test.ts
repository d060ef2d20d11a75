// Who is a visitor (docs/visits.md#who-is-a-visitor), through the real aggregator into a real SQLite file: views
// without a signed visitor id (none, or a forged one: the gateway passes '' for both) count as their client's,
// remembered in bounded memory and never stored; a signed id is stored from its first view on.
import { BROWSER, MINUTE, VisitsFixture } from './visits.fixture';

const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';
const T0 = Date.parse('2026-11-24T15:00:00Z'); // Tuesday 10:00 in New York
const minutesAfter = (minutes: number) => new Date(T0 + minutes * MINUTE).toISOString();

describe('who is a visitor (aggregator + SQLite file + read)', () => {
  const f = new VisitsFixture();
  /** A view without a signed visitor id from a client: an address and a User-Agent. */
  const unsigned = (storeId: number, minutes: number, address: string, userAgent = BROWSER, ref = '') =>
    f.view(storeId, '', minutesAfter(minutes), { client_address: address, user_agent: userAgent, ref });
  const signed = (storeId: number, id: string, minutes: number, address: string, ref = '') =>
    f.view(storeId, id, minutesAfter(minutes), { client_address: address, ref });

  beforeEach(async () => {
    f.errors.length = 0;
    await f.open();
  });
  afterEach(async () => {
    await f.close();
    expect(f.errors).toEqual([]);
  });

  it('counts 40 marketplace views from one client without a signed id as one visit and one visitor, storing nothing for them', async () => {
    const store = await f.aStore(1);
    await f.record(...Array.from({ length: 40 }, (_, i) => unsigned(store, i / 4, '203.0.113.5', FIREFOX, 'marketplace')));
    expect(await f.today(store)).toEqual({ day: 'Tuesday', visits: 1, visitors: 1 });
    expect(await f.today(store, true)).toEqual({ day: 'Tuesday', visits: 1, visitors: 1 });
    expect(await f.storedVisitors(store)).toBe(0);
  });

  it('tells clients apart by address and by User-Agent', async () => {
    const store = await f.aStore(1);
    await f.record(
      unsigned(store, 0, '203.0.113.5'),
      unsigned(store, 1, '203.0.113.5', FIREFOX), // same address, another browser
      unsigned(store, 2, '203.0.113.6'), // same browser, another address
      unsigned(store, 3, '203.0.113.5'), // the first again
      unsigned(store, 4, '2001:db8:0:1::/64'),
    );
    expect(await f.today(store)).toEqual({ day: 'Tuesday', visits: 4, visitors: 4 });
  });

  it('keeps a cookieless client to the 30-minute rule: a view 30 minutes after its last is a new visit of the same visitor', async () => {
    const store = await f.aStore(1);
    await f.record(
      unsigned(store, 0, '203.0.113.5'),
      unsigned(store, 29, '203.0.113.5'),
      unsigned(store, 58, '203.0.113.5'),
      unsigned(store, 100, '203.0.113.5'),
    );
    expect(await f.today(store)).toEqual({ day: 'Tuesday', visits: 2, visitors: 1 });
  });

  it("counts a browser's cookieless first page and its pages with the signed id as one visit, and stores the id from then on", async () => {
    const store = await f.aStore(1);
    await f.record(
      unsigned(store, 0, '203.0.113.5', BROWSER, 'marketplace'),
      signed(store, 'ann', 1, '203.0.113.5'),
      signed(store, 'ann', 5, '203.0.113.5'),
    );
    // Later from another address (a phone on another network): the stored id continues, a new visit of the same visitor.
    f.aggregator = f.newAggregator();
    await f.record(signed(store, 'ann', 45, '198.51.100.77'));
    expect(await f.today(store)).toEqual({ day: 'Tuesday', visits: 2, visitors: 1 });
    expect(await f.today(store, true)).toEqual({ day: 'Tuesday', visits: 1, visitors: 1 });
    expect(await f.storedVisitors(store)).toBe(1);
  });

  it('counts signed ids never seen before from one client within its visit as that client, one visit in all', async () => {
    const store = await f.aStore(1);
    // Ids a script collected with cookieless requests, then sent back one each.
    await f.record(...Array.from({ length: 40 }, (_, i) => signed(store, `collected-${i}`, i / 4, '203.0.113.5', 'marketplace')));
    expect(await f.today(store)).toEqual({ day: 'Tuesday', visits: 1, visitors: 1 });
    expect(await f.today(store, true)).toEqual({ day: 'Tuesday', visits: 1, visitors: 1 });
  });

  it('a signed id first seen from a client whose visit ended starts a visit of its own', async () => {
    const store = await f.aStore(1);
    await f.record(unsigned(store, 0, '203.0.113.5'), signed(store, 'bob', 40, '203.0.113.5'), signed(store, 'bob', 50, '203.0.113.5'));
    expect(await f.today(store)).toEqual({ day: 'Tuesday', visits: 2, visitors: 1 });
  });

  it('remembers a bounded number of clients, forgetting the least recently seen first', async () => {
    const store = await f.aStore(1);
    f.aggregator = f.newAggregator({ maxClients: 2 });
    // a, b, c: a is forgotten when c comes; a again (b forgotten), then c (still remembered).
    await f.record(
      unsigned(store, 0, 'a'),
      unsigned(store, 1, 'b'),
      unsigned(store, 2, 'c'),
      unsigned(store, 3, 'a'),
      unsigned(store, 4, 'c'),
    );
    expect(await f.today(store)).toEqual({ day: 'Tuesday', visits: 4, visitors: 4 });
  });
});
