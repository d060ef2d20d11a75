import { storefront } from '@commerce/contracts';
import { GrpcStatus, RemoteError } from '@commerce/grpc-runtime';
import { storeAddressOfHost } from './store-address';
import { StoreDirectory, type StoreAddress } from './store-directory';

const shop = storefront.Store.fromPartial({ id: 7, subdomain: 'shop', custom_domain: 'shop.example.com', storefront_open: true });

/** A StoreService answering FindStore as storefront does (any case), counting lookups; `down` makes it unreachable. */
function aStoreService() {
  const lookups: StoreAddress[] = [];
  const service = {
    down: false,
    lookups,
    findStore: async ({ address }: storefront.FindStoreRequest) => {
      lookups.push(address!);
      await new Promise((resolve) => setImmediate(resolve));
      if (service.down) throw new RemoteError({ code: GrpcStatus.UNAVAILABLE, message: 'connect ECONNREFUSED' });
      const value = address!.value.toLowerCase();
      if (address!.$case === 'subdomain' ? value === shop.subdomain : value === shop.custom_domain) return { store: shop };
      throw new RemoteError({ code: GrpcStatus.NOT_FOUND, message: 'store not found' });
    },
  };
  return service;
}

const bySubdomain = (value: string): StoreAddress => ({ $case: 'subdomain', value });

describe('StoreDirectory', () => {
  let nowMs = 0;
  const now = () => nowMs;
  beforeEach(() => {
    nowMs = 1_000_000;
  });

  it('finds a store by subdomain or custom domain, and answers undefined where none is', async () => {
    const directory = new StoreDirectory(aStoreService(), { now });
    expect(await directory.find(bySubdomain('shop'))).toEqual(shop);
    expect(await directory.find({ $case: 'custom_domain', value: 'shop.example.com' })).toEqual(shop);
    expect(await directory.find(bySubdomain('nobody'))).toBeUndefined();
  });

  it('looks an address up once per TTL, whatever its case, the absent ones included', async () => {
    const service = aStoreService();
    const directory = new StoreDirectory(service, { ttlMs: 5_000, now });
    await directory.find(bySubdomain('shop'));
    await directory.find(bySubdomain('SHOP'));
    await directory.find(bySubdomain('nobody'));
    await directory.find(bySubdomain('nobody'));
    expect(service.lookups).toHaveLength(2);

    nowMs += 5_000;
    await directory.find(bySubdomain('shop'));
    await directory.find(bySubdomain('nobody'));
    expect(service.lookups).toHaveLength(4);
  });

  it('shares one lookup among the requests that need the same store at once', async () => {
    const service = aStoreService();
    const directory = new StoreDirectory(service, { now });
    const found = await Promise.all(Array.from({ length: 200 }, () => directory.find(bySubdomain('shop'))));
    expect(found.every((store) => store?.id === 7)).toBe(true);
    expect(service.lookups).toHaveLength(1);
  });

  it('does not remember a failed lookup: the storefront being down is not "no store"', async () => {
    const service = aStoreService();
    const directory = new StoreDirectory(service, { now });
    service.down = true;
    await expect(directory.find(bySubdomain('shop'))).rejects.toMatchObject({ code: GrpcStatus.UNAVAILABLE });
    service.down = false;
    expect(await directory.find(bySubdomain('shop'))).toEqual(shop);
    expect(service.lookups).toHaveLength(2);
  });

  it('forgets the oldest answers past maxEntries', async () => {
    const service = aStoreService();
    const directory = new StoreDirectory(service, { maxEntries: 2, now });
    for (const subdomain of ['a1', 'a2', 'a3']) await directory.find(bySubdomain(subdomain));
    await directory.find(bySubdomain('a3'));
    await directory.find(bySubdomain('a2'));
    expect(service.lookups).toHaveLength(3);
    await directory.find(bySubdomain('a1'));
    expect(service.lookups).toHaveLength(4);
  });
});

describe('storeAddressOfHost', () => {
  it.each([
    ['shop.localhost', { $case: 'subdomain', value: 'shop' }],
    ['shop.localhost:8080', { $case: 'subdomain', value: 'shop' }],
    ['SHOP.Localhost:80', { $case: 'subdomain', value: 'shop' }],
    ['my-shop.localhost.', { $case: 'subdomain', value: 'my-shop' }],
    ['shop.example.com', { $case: 'custom_domain', value: 'shop.example.com' }],
    ['Shop.Example.COM:8443', { $case: 'custom_domain', value: 'shop.example.com' }],
  ])('reads Host %s as %p', (host, address) => {
    expect(storeAddressOfHost(host, 'localhost')).toEqual(address);
  });

  it.each([
    undefined,
    '',
    'localhost',
    'localhost:8080',
    'www.shop.localhost',
    'sh_op.localhost',
    '127.0.0.1:8080',
    '[::1]:8080',
    'gateway',
    'api.example.123',
  ])('reads Host %p as no store address', (host) => {
    expect(storeAddressOfHost(host, 'localhost')).toBeUndefined();
  });

  it('uses the configured storefront domain', () => {
    expect(storeAddressOfHost('shop.shops.test:8080', 'shops.test')).toEqual({ $case: 'subdomain', value: 'shop' });
    expect(storeAddressOfHost('shops.test', 'shops.test')).toBeUndefined();
  });
});
