import { platformDomainsOf, siteAddressOf, storeSiteUrl } from './site-url';

describe("a store's url", () => {
  it('opens where npm start serves buyer sites: the scheme and port of PUBLIC_URL, on the store subdomain', () => {
    const site = siteAddressOf({ STOREFRONT_DOMAIN: 'shops.localhost', PUBLIC_URL: 'http://localhost:8080' });
    expect(storeSiteUrl('tea', site)).toBe('http://tea.shops.localhost:8080');
  });

  it("has no port where PUBLIC_URL has its scheme's default one", () => {
    const site = siteAddressOf({ STOREFRONT_DOMAIN: 'shops.example.com', PUBLIC_URL: 'https://api.shops.example.com' });
    expect(storeSiteUrl('tea', site)).toBe('https://tea.shops.example.com');
  });

  it('is https on the storefront domain without PUBLIC_URL, and takes STOREFRONT_URL_SCHEME over it (then without its port)', () => {
    expect(storeSiteUrl('tea', siteAddressOf({ STOREFRONT_DOMAIN: 'shops.localhost' }))).toBe('https://tea.shops.localhost');
    expect(
      storeSiteUrl(
        'tea',
        siteAddressOf({ STOREFRONT_DOMAIN: 'shops.localhost', PUBLIC_URL: 'http://localhost:8080', STOREFRONT_URL_SCHEME: 'https' }),
      ),
    ).toBe('https://tea.shops.localhost');
    expect(
      storeSiteUrl(
        'tea',
        siteAddressOf({ STOREFRONT_DOMAIN: 'shops.localhost', PUBLIC_URL: 'http://localhost:8080', STOREFRONT_URL_SCHEME: 'http' }),
      ),
    ).toBe('http://tea.shops.localhost:8080');
  });
});

describe("the platform's own hosts", () => {
  it('are the storefront domain, the assets and API hosts and the reserved ones, lowercase, each once', () => {
    expect(
      platformDomainsOf({
        STOREFRONT_DOMAIN: 'Shops.Example.com',
        ASSETS_BASE_URL: '//assets.shops.example.com',
        PUBLIC_URL: 'https://API.shops.example.com:8443',
        RESERVED_DOMAINS: ' status.example.com, shops.example.com ,,',
      }),
    ).toEqual(['shops.example.com', 'assets.shops.example.com', 'api.shops.example.com', 'status.example.com']);
  });

  it('leave out what is not configured', () => {
    expect(platformDomainsOf({ STOREFRONT_DOMAIN: 'shops.localhost', ASSETS_BASE_URL: '', RESERVED_DOMAINS: '' })).toEqual([
      'shops.localhost',
    ]);
  });
});
