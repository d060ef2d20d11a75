import { ConfigError } from '@commerce/config';
import { loadWebhooksConfig } from './config';

const BASE = { NATS_URL: 'nats://127.0.0.1:4222' };
const KEY = Buffer.alloc(32, 7).toString('base64');

describe('webhooks config', () => {
  it('runs on the embedded engine without a key (one is generated) and refuses private targets by default', () => {
    const config = loadWebhooksConfig(BASE);
    expect(config.WEBHOOK_SECRET_KEY).toBeUndefined();
    expect(config.WEBHOOK_ALLOW_PRIVATE_NETWORKS).toBe(false);
  });

  it.each([
    ['true', true],
    ['1', true],
    ['false', false],
    ['0', false],
    ['', false],
  ])('reads WEBHOOK_ALLOW_PRIVATE_NETWORKS=%p as %p', (value, allowed) => {
    expect(loadWebhooksConfig({ ...BASE, WEBHOOK_ALLOW_PRIVATE_NETWORKS: value }).WEBHOOK_ALLOW_PRIVATE_NETWORKS).toBe(allowed);
  });

  it('takes a key of 32 bytes in base64, and an empty one as none', () => {
    expect(loadWebhooksConfig({ ...BASE, WEBHOOK_SECRET_KEY: KEY }).WEBHOOK_SECRET_KEY).toBe(KEY);
    expect(loadWebhooksConfig({ ...BASE, WEBHOOK_SECRET_KEY: '' }).WEBHOOK_SECRET_KEY).toBeUndefined();
  });

  it.each([Buffer.alloc(16, 1).toString('base64'), 'not base64!', 'change-me'])('refuses the key %p, naming the variable', (key) => {
    expect(() => loadWebhooksConfig({ ...BASE, WEBHOOK_SECRET_KEY: key })).toThrow(/WEBHOOK_SECRET_KEY: must be base64 of 32 bytes/);
  });

  it('refuses to start on MongoDB without a key, saying why', () => {
    const attempt = () => loadWebhooksConfig({ ...BASE, MONGO_URL: 'mongodb://localhost:27017' });
    expect(attempt).toThrow(ConfigError);
    expect(attempt).toThrow(/WEBHOOK_SECRET_KEY: is required with MONGO_URL/);
    expect(loadWebhooksConfig({ ...BASE, MONGO_URL: 'mongodb://localhost:27017', WEBHOOK_SECRET_KEY: KEY }).WEBHOOK_SECRET_KEY).toBe(KEY);
  });
});
