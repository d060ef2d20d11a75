import { hostNameOf, isPlatformHost, platformHostsOf } from './platform-host';

describe('the platform host', () => {
  it("is PUBLIC_URL's host name, whatever the port or case a request spells it with", () => {
    const hosts = platformHostsOf('https://api.shops.example.com');
    for (const host of ['api.shops.example.com', 'API.Shops.Example.com:443', 'api.shops.example.com.'])
      expect({ host, platform: isPlatformHost(host, hosts) }).toEqual({ host, platform: true });
    for (const host of ['tea.shops.example.com', 'shops.example.com', 'shop.example.org', 'localhost:8080', '127.0.0.1', '', undefined]) {
      expect({ host, platform: isPlatformHost(host, hosts) }).toEqual({ host, platform: false });
    }
  });

  it('is every loopback spelling when PUBLIC_URL is on this machine, and never a store host under it', () => {
    const hosts = platformHostsOf('http://localhost:8080');
    for (const host of ['localhost:8080', 'LOCALHOST', '127.0.0.1:8080', '[::1]:8080'])
      expect({ host, platform: isPlatformHost(host, hosts) }).toEqual({ host, platform: true });
    for (const host of ['tea.shops.localhost:8080', 'shops.localhost', 'localhost.example.com', '127.0.0.2'])
      expect({ host, platform: isPlatformHost(host, hosts) }).toEqual({ host, platform: false });
    expect(platformHostsOf('http://127.0.0.1:9000')).toEqual(hosts);
  });

  it('reads the host name of a Host header', () => {
    expect(hostNameOf('Tea.Shops.Localhost:8080')).toBe('tea.shops.localhost');
    expect(hostNameOf('[::1]:8080')).toBe('[::1]');
    expect(hostNameOf(undefined)).toBe('');
  });
});
