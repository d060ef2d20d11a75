import { ConfigError, loadConfig, serviceConfigSchema, addressOf, serviceAddresses, z } from '@commerce/config';

describe('loadConfig', () => {
  it('applies defaults and coerces numbers', () => {
    const config = loadConfig(serviceConfigSchema('catalog'), { NATS_URL: 'nats://127.0.0.1:4222', GRPC_PORT: '7000' });
    expect(config).toMatchObject({ SERVICE_NAME: 'catalog', GRPC_PORT: 7000, GRPC_HOST: '127.0.0.1', DATA_DIR: '.data', LOG_LEVEL: 'info' });
    expect(config.MONGO_URL).toBeUndefined();
  });

  it('fails fast naming every bad variable', () => {
    const attempt = () => loadConfig(serviceConfigSchema('orders'), { GRPC_PORT: 'abc', LOG_LEVEL: 'loud' });
    expect(attempt).toThrow(ConfigError);
    expect(attempt).toThrow(/GRPC_PORT/);
    expect(attempt).toThrow(/NATS_URL/);
    expect(attempt).toThrow(/LOG_LEVEL/);
  });

  it('resolves service addresses from env or the defaults npm start uses', () => {
    const addresses = loadConfig(serviceAddresses, { CATALOG_GRPC_ADDR: '10.0.0.5:9000' });
    expect(addressOf(addresses, 'catalog')).toBe('10.0.0.5:9000');
    expect(addressOf(addresses, 'identity')).toBe('127.0.0.1:50151');
    expect(() => loadConfig(serviceAddresses, { IDENTITY_GRPC_ADDR: 'nohost' })).toThrow(/must be host:port/);
  });

  it('works with any zod schema', () => {
    expect(loadConfig(z.object({ X: z.coerce.boolean() }), { X: '1' })).toEqual({ X: true });
  });
});
