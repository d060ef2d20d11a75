// For the gateway's app-level tests only (excluded from the build): the app as main.ts builds it, on stubbed
// backends and identity, with limits wide open unless a test sets them.
import { createLogger } from '@commerce/observability';
import { createGatewayApp, type GatewayDeps } from './app';
import { ApiKeyCache } from './auth/api-key.cache';
import { Authenticator, type ApiKeyIdentityClient } from './auth/authenticator';
import type { BackendClients } from './clients';
import { LeakyBucket } from './rate-limit/leaky-bucket';

export const TEST_TOKENS = { secret: 's'.repeat(32), issuer: 'store-commerce', audience: 'store-commerce-api' };

export function aGatewayApp(clients: BackendClients, identity: ApiKeyIdentityClient, deps: Partial<GatewayDeps> = {}) {
  return createGatewayApp({
    clients,
    authenticator: new Authenticator(identity, new ApiKeyCache(), TEST_TOKENS),
    rateLimiter: new LeakyBucket({ capacity: 1_000, leakPerSecond: 1_000 }),
    backends: [],
    logger: createLogger({ service: 'gateway', level: 'silent' }),
    ...deps,
  });
}
