import type { Request } from 'express';
import { locationOf, platformOriginReader } from './platform-origin';

const withHost = (host?: string) => ({ headers: host === undefined ? {} : { host } }) as Request;

describe('platformOriginReader', () => {
  it('answers PUBLIC_URL (without its trailing slash) whatever Host the request sent', () => {
    const read = platformOriginReader('https://shop.example.com/');

    expect(read(withHost('attacker.example'))).toEqual({ origin: 'https://shop.example.com', fromRequest: false });
    expect(read(withHost())).toEqual({ origin: 'https://shop.example.com', fromRequest: false });
  });

  it.each([
    ['localhost:8080', 'http://localhost:8080'],
    ['LocalHost:8080', 'http://localhost:8080'],
    ['127.0.0.1:80', 'http://127.0.0.1'],
    ['[::1]:8080', 'http://[::1]:8080'],
    ['shop.example.com', 'http://shop.example.com'],
  ])('without PUBLIC_URL, answers the origin the Host %s names, on http', (host, origin) => {
    expect(platformOriginReader(undefined)(withHost(host))).toEqual({ origin, fromRequest: true });
  });

  it.each(['', 'evil.example/x', 'user@evil.example', 'evil.example:80@localhost', 'a b', 'evil.example\\x', 'localhost:8080:1'])(
    'without PUBLIC_URL, knows no origin from the Host "%s"',
    (host) => {
      expect(platformOriginReader(undefined)(withHost(host))).toBeUndefined();
    },
  );
});

describe('locationOf', () => {
  const fromRequest = { origin: 'http://localhost:8080', fromRequest: true };

  it("sends a redirect to the request's own Host as a path, which the browser resolves against the address it asked for", () => {
    expect(locationOf('http://localhost:8080/admin/callback?code=scc_1&state=s', fromRequest)).toBe('/admin/callback?code=scc_1&state=s');
  });

  it('sends any other redirect whole: another origin, a configured PUBLIC_URL, a path that would read as a host', () => {
    expect(locationOf('https://app.example/cb?code=1', fromRequest)).toBe('https://app.example/cb?code=1');
    expect(locationOf('http://localhost:8080/admin/callback?code=1', { origin: 'http://localhost:8080', fromRequest: false })).toBe(
      'http://localhost:8080/admin/callback?code=1',
    );
    expect(locationOf('http://localhost:8080//evil.example/cb', fromRequest)).toBe('http://localhost:8080//evil.example/cb');
  });
});
