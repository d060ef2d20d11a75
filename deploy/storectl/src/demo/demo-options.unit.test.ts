import { UsageError } from '../usage-error';
import { parseDemoSeedOptions } from './demo-options';

describe('parseDemoSeedOptions', () => {
  it('fills the defaults: 20 products, 50 orders, seed 1, the gateway on localhost:8080', () => {
    expect(parseDemoSeedOptions({ store: '7' })).toEqual({ storeId: 7, url: 'http://localhost:8080', products: 20, orders: 50, seed: 1 });
  });

  it('takes every option as given', () => {
    expect(
      parseDemoSeedOptions({ store: '3', products: '5', orders: '0', seed: '42', url: 'https://api.example.com/', 'api-key': ' sk_live ' }),
    ).toEqual({
      storeId: 3,
      apiKey: 'sk_live',
      url: 'https://api.example.com',
      products: 5,
      orders: 0,
      seed: 42,
    });
  });

  it('reads the URL from PUBLIC_URL when --url is absent, and drops a /v1 path or trailing slash', () => {
    expect(parseDemoSeedOptions({ store: '1' }, { PUBLIC_URL: 'http://localhost:9090/' }).url).toBe('http://localhost:9090');
    expect(parseDemoSeedOptions({ store: '1', url: 'http://127.0.0.1:8080/v1' }, { PUBLIC_URL: 'http://ignored:1' }).url).toBe(
      'http://127.0.0.1:8080',
    );
    expect(parseDemoSeedOptions({ store: '1' }, { PUBLIC_URL: '' }).url).toBe('http://localhost:8080');
  });

  it("falls back to the stack's own base URL (storectl: DATA_DIR/stack.json), asked only when --url and PUBLIC_URL are absent", () => {
    const stackUrl = jest.fn(() => 'http://localhost:18080');
    expect(parseDemoSeedOptions({ store: '1' }, {}, stackUrl).url).toBe('http://localhost:18080');
    expect(parseDemoSeedOptions({ store: '1', url: 'http://127.0.0.1:9000' }, { PUBLIC_URL: 'http://localhost:9090' }, stackUrl).url).toBe(
      'http://127.0.0.1:9000',
    );
    expect(parseDemoSeedOptions({ store: '1' }, { PUBLIC_URL: 'http://localhost:9090' }, stackUrl).url).toBe('http://localhost:9090');
    expect(stackUrl).toHaveBeenCalledTimes(1);
  });

  it('needs no --store with --api-key (the key names its store)', () => {
    expect(parseDemoSeedOptions({ 'api-key': 'sk_1' })).toMatchObject({ apiKey: 'sk_1' });
    expect(parseDemoSeedOptions({ 'api-key': 'sk_1' }).storeId).toBeUndefined();
  });

  it.each([
    [{}, 'demo seed needs --store ID (its API key is rotated) or --api-key KEY'],
    [{ store: 'abc' }, '--store must be a whole number from 1 to 9007199254740991'],
    [{ store: '0' }, '--store must be a whole number from 1 to 9007199254740991'],
    [{ store: '1', products: '0' }, '--products must be a whole number from 1 to 500'],
    [{ store: '1', products: '2.5' }, '--products must be a whole number from 1 to 500'],
    [{ store: '1', orders: '-1' }, '--orders must be a whole number from 0 to 2000'],
    [{ store: '1', orders: '2001' }, '--orders must be a whole number from 0 to 2000'],
    [{ store: '1', seed: 'x' }, '--seed must be a whole number from 0 to 4294967295'],
    [{ store: '1', url: 'localhost:8080' }, '--url must be an http(s) URL such as http://localhost:8080'],
    [{ store: '1', url: 'ftp://example.com' }, '--url must be an http(s) URL such as http://localhost:8080'],
  ])('refuses %j: %s', (values, message) => {
    const attempt = () => parseDemoSeedOptions(values);
    expect(attempt).toThrow(UsageError);
    expect(attempt).toThrow(message);
  });
});
