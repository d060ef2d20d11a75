import { clientKeyOf, isPersonAgent, RecentClients } from './visit-sources';

const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

describe('whose User-Agent may be a person', () => {
  it("is a browser's", () => {
    expect(isPersonAgent(CHROME)).toBe(true);
    expect(
      isPersonAgent(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.6 ' +
          'Mobile/15E148 Safari/604.1',
      ),
    ).toBe(true);
  });

  it.each([
    ['empty', ''],
    ['blank', '  \t'],
    ['Googlebot', 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)'],
    ['a headless Chrome', 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36'],
    ['curl', 'curl/8.5.0'],
    ['a script', 'python-requests/2.32.3'],
  ])('is not one that is %s', (_what, userAgent) => {
    expect(isPersonAgent(userAgent)).toBe(false);
  });
});

describe('the client key of a view without a signed visitor id', () => {
  const key = clientKeyOf(7, '203.0.113.5', CHROME);

  it('is the same for the same store, address and User-Agent, and differs when any of them does', () => {
    expect(clientKeyOf(7, '203.0.113.5', CHROME)).toBe(key);
    expect(clientKeyOf(8, '203.0.113.5', CHROME)).not.toBe(key);
    expect(clientKeyOf(7, '203.0.113.6', CHROME)).not.toBe(key);
    expect(clientKeyOf(7, '203.0.113.5', `${CHROME} Edg/131.0`)).not.toBe(key);
    // The parts are kept apart: an address cannot borrow the start of a User-Agent.
    expect(clientKeyOf(7, '203.0.113.5 M', 'ozilla')).not.toBe(clientKeyOf(7, '203.0.113.5', ' Mozilla'));
    expect(clientKeyOf(7, '203.0.113.5","M', 'ozilla')).not.toBe(clientKeyOf(7, '203.0.113.5', 'M","ozilla'));
  });

  it('has one small size whatever the User-Agent, and holds no address', () => {
    const long = clientKeyOf(7, '2001:db8:0:1::/64', 'x'.repeat(512));
    expect(long).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(key).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(key).not.toContain('203');
  });
});

describe('RecentClients', () => {
  const fresh = (name: string) => () => ({ name, views: 0 });

  it('answers the same state for a client each time, creating it once', () => {
    const clients = new RecentClients<{ name: string; views: number }>(10);
    clients.stateOf('a', fresh('a')).views += 1;
    clients.stateOf('a', fresh('a again')).views += 1;
    expect(clients.stateOf('a', fresh('a third'))).toEqual({ name: 'a', views: 2 });
    expect(clients.size).toBe(1);
  });

  it('keeps at most its bound, forgetting the client used least recently', () => {
    const clients = new RecentClients<{ name: string; views: number }>(2);
    clients.stateOf('a', fresh('a')).views = 1;
    clients.stateOf('b', fresh('b')).views = 1;
    clients.stateOf('a', fresh('a')); // a is now the most recent
    clients.stateOf('c', fresh('c')); // b goes
    expect(clients.size).toBe(2);
    expect(clients.stateOf('a', fresh('new a'))).toEqual({ name: 'a', views: 1 });
    expect(clients.stateOf('b', fresh('new b'))).toEqual({ name: 'new b', views: 0 });
  });

  it('holds its bound under a flood of new clients', () => {
    const clients = new RecentClients<{ name: string; views: number }>(1_000);
    for (let i = 0; i < 50_000; i++) clients.stateOf(`client-${i}`, fresh(`client-${i}`));
    expect(clients.size).toBe(1_000);
  });
});
