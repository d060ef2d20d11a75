import { ConfigError, loadConfig, serviceConfigSchema, addressOf, serviceAddresses, z } from '@commerce/config';

describe('loadConfig', () => {
  it('applies defaults and coerces numbers', () => {
    const config = loadConfig(serviceConfigSchema('catalog'), { NATS_URL: 'nats://127.0.0.1:4222', GRPC_PORT: '7000' });
    expect(config).toMatchObject({
      SERVICE_NAME: 'catalog',
      GRPC_PORT: 7000,
      GRPC_HOST: '127.0.0.1',
      DATA_DIR: '.data',
      LOG_LEVEL: 'info',
    });
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
    // A name whose every address takes calls in turn (a headless Service).
    expect(addressOf(loadConfig(serviceAddresses, { CATALOG_GRPC_ADDR: 'dns:///catalog:50051' }), 'catalog')).toBe('dns:///catalog:50051');
    expect(() => loadConfig(serviceAddresses, { CATALOG_GRPC_ADDR: 'dns:///catalog' })).toThrow(/must be host:port/);
  });

  it('takes a MongoDB replica set list with ports, and refuses what is not a MongoDB connection string', () => {
    const replicaSet = 'mongodb://mongo-0.mongo:27017,mongo-1.mongo:27017,mongo-2.mongo:27017/?replicaSet=rs0';
    expect(loadConfig(serviceConfigSchema('catalog'), { NATS_URL: 'nats://n:4222', MONGO_URL: replicaSet }).MONGO_URL).toBe(replicaSet);
    expect(
      loadConfig(serviceConfigSchema('catalog'), { NATS_URL: 'nats://n:4222', MONGO_URL: 'mongodb+srv://cluster0.example.net/db' })
        .MONGO_URL,
    ).toBe('mongodb+srv://cluster0.example.net/db');
    expect(() => loadConfig(serviceConfigSchema('catalog'), { NATS_URL: 'nats://n:4222', MONGO_URL: 'http://mongo:27017' })).toThrow(
      /MONGO_URL/,
    );
  });

  it('works with any zod schema', () => {
    expect(loadConfig(z.object({ X: z.coerce.boolean() }), { X: '1' })).toEqual({ X: true });
  });
});
