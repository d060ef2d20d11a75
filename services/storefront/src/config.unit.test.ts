import { ConfigError } from '@commerce/config';
import { loadStorefrontConfig } from './config';

const BASE = { NATS_URL: 'nats://127.0.0.1:4222' };

describe('storefront config', () => {
  it.each([
    [undefined, true],
    ['', true],
    ['true', true],
    ['1', true],
    ['false', false],
    ['0', false],
  ])('reads STOREFRONT_CATALOG_WARMUP=%p as %p (on unless turned off)', (value, warm) => {
    const env = value === undefined ? BASE : { ...BASE, STOREFRONT_CATALOG_WARMUP: value };
    expect(loadStorefrontConfig(env).STOREFRONT_CATALOG_WARMUP).toBe(warm);
  });

  it('refuses another value of STOREFRONT_CATALOG_WARMUP, naming the variable', () => {
    expect(() => loadStorefrontConfig({ ...BASE, STOREFRONT_CATALOG_WARMUP: 'no' })).toThrow(ConfigError);
    expect(() => loadStorefrontConfig({ ...BASE, STOREFRONT_CATALOG_WARMUP: 'no' })).toThrow(/STOREFRONT_CATALOG_WARMUP/);
  });
});
