// Identity under test through the shared harness (@commerce/testing), with the real storefront as a built
// process. What is identity's own: a clock the test moves forward, the signing secret, readers of its datafile,
// and the sign-up builder.
import path from 'node:path';
import { identity, storefront } from '@commerce/contracts';
import { createClient, type ServiceClient } from '@commerce/grpc-runtime';
import { embeddedStoreBytes, readEmbeddedCollection, type Doc } from '@commerce/persistence';
import { startServiceHarness, type ServiceHarness } from '@commerce/testing';
import { loadIdentityConfig } from '../src/config';
import type { UserRecord } from '../src/domain/user';
import { startIdentityService } from '../src/service';

export type IdentityHarness = ServiceHarness<
  Awaited<ReturnType<typeof startIdentityService>>,
  identity.IdentityServiceClient,
  'storefront'
> & {
  /** A client of the same storefront the identity service calls. */
  stores: ServiceClient<storefront.StoreServiceClient>;
  /** Base URL of the OAuth pages and endpoints (port 0, picked at start). */
  httpUrl: string;
  /** The signing secret the service was started with, to check what it signs. */
  jwtSecret: string;
  /** Moves the service's clock forward (codes and tokens expire by it). */
  advanceClock(ms: number): void;
  /** One identity collection's documents as JSON, then every byte of the embedded store on disk: what a stolen data directory shows. */
  datafileText(collection: string): Promise<string>;
  /** The users as the identity service stored them (read through a read-only connection while it runs). */
  storedUsers(): Promise<UserRecord[]>;
  /** The authorization codes as stored (hashes only), read from the datafile. */
  storedCodes(): Promise<Array<{ code_hash: string; expires_at: unknown }>>;
  /** The sign-in attempt counters as stored, read from the datafile. */
  storedLoginAttempts(): Promise<Array<{ key: string; failures: number; window_started_at: unknown }>>;
};

const JWT_SECRET = 'identity-int-tests-secret-0123456789abcdef';

export async function startIdentityHarness(extraEnv: Record<string, string> = {}): Promise<IdentityHarness> {
  let clockOffsetMs = 0;
  const harness = await startServiceHarness({
    name: 'identity',
    start: (env) => startIdentityService(loadIdentityConfig(env), { clock: () => new Date(Date.now() + clockOffsetMs) }),
    client: identity.IdentityServiceClient,
    env: { OAUTH_JWT_SECRET: JWT_SECRET, IDENTITY_HTTP_PORT: '0', ...extraEnv },
    siblings: { storefront: {} },
  });
  const identityDir = path.join(harness.dataDir, 'identity');
  return Object.assign(harness, {
    stores: createClient(storefront.StoreServiceClient, harness.siblings.storefront.address),
    httpUrl: harness.service.httpUrl!,
    jwtSecret: JWT_SECRET,
    advanceClock: (ms: number) => void (clockOffsetMs += ms),
    datafileText: async (collection: string) =>
      `${JSON.stringify(readEmbeddedCollection(identityDir, collection))}\n${await embeddedStoreBytes(identityDir)}`,
    storedUsers: async () => readEmbeddedCollection<UserRecord & Doc>(identityDir, 'users'),
    storedCodes: async () => readEmbeddedCollection<{ code_hash: string; expires_at: unknown } & Doc>(identityDir, 'authorization_codes'),
    storedLoginAttempts: async () =>
      readEmbeddedCollection<{ key: string; failures: number; window_started_at: unknown } & Doc>(identityDir, 'login_attempts'),
  });
}

let nextAccount = 1;

/** A valid sign-up with an e-mail and subdomain no other request of this test file uses. */
export function anAccountRequest(overrides: Partial<identity.CreateStoreAccountRequest> = {}): identity.CreateStoreAccountRequest {
  const n = nextAccount++;
  return identity.CreateStoreAccountRequest.fromPartial({
    name: `Shop ${n}`,
    subdomain: `shop-${n}`,
    email: `owner${n}@example.com`,
    password: 'correct horse battery',
    ...overrides,
  });
}
