import { rejectionOf as rejectionOfType } from '@commerce/testing';
// The identity service in-process (real gRPC on port 0, embedded store in a temp dir) against a private
// nats-server and a real storefront, run as its built process on a port the test picks so it can be restarted there.
import path from 'node:path';
import { identity, storefront } from '@commerce/contracts';
import type { DomainEvent } from '@commerce/events';
import { embeddedStoreBytes, readEmbeddedCollection, type Doc } from '@commerce/persistence';
import { closeAllChannels, createClient, RemoteError, type ServiceClient } from '@commerce/grpc-runtime';
import { freePort, removeDir, ServiceProcess, startNatsServer, streamEvents as readStream, tempDir, waitFor } from '@commerce/testing';
import { connect, type NatsConnection } from 'nats';
import { loadIdentityConfig } from '../src/config';
import type { UserRecord } from '../src/domain/user';
import { startIdentityService, type RunningIdentityService } from '../src/service';

export interface IdentityHarness {
  identity: ServiceClient<identity.IdentityServiceClient>;
  /** A client of the same storefront the identity service calls. */
  stores: ServiceClient<storefront.StoreServiceClient>;
  storefront: ServiceProcess;
  /** Every event of one context's stream published so far, oldest first. */
  events(context: 'identity' | 'storefront'): Promise<DomainEvent[]>;
  /** Waits until the context's stream holds an event that matches, and answers it. */
  waitForEvent(context: 'identity' | 'storefront', matches: (event: DomainEvent) => boolean, what: string): Promise<DomainEvent>;
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
  stop(): Promise<void>;
}

const JWT_SECRET = 'identity-int-tests-secret-0123456789abcdef';

export async function startIdentityHarness(extraEnv: Record<string, string> = {}): Promise<IdentityHarness> {
  let clockOffsetMs = 0;
  const nats = await startNatsServer();
  const dataDir = await tempDir('identity-int-');
  const identityDir = path.join(dataDir, 'identity');
  const storefrontProcess = new ServiceProcess('storefront', { GRPC_PORT: String(await freePort()), DATA_DIR: dataDir, NATS_URL: nats.url });
  let service: RunningIdentityService | undefined;
  let bus: NatsConnection | undefined;
  const stop = async () => {
    await service?.stop();
    await storefrontProcess.stop();
    closeAllChannels();
    await bus?.drain().catch(() => undefined);
    await nats.stop();
    await removeDir(dataDir);
  };
  try {
    await storefrontProcess.start();
    service = await startIdentityService(
      loadIdentityConfig({
        GRPC_PORT: '0',
        GRPC_HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        NATS_URL: nats.url,
        // IDENTITY_TEST_LOG_LEVEL=debug shows the service's log when a test needs explaining.
        LOG_LEVEL: process.env.IDENTITY_TEST_LOG_LEVEL ?? 'silent',
        STOREFRONT_GRPC_ADDR: storefrontProcess.address,
        OAUTH_JWT_SECRET: JWT_SECRET,
        IDENTITY_HTTP_PORT: '0',
        ...extraEnv,
      }),
      { clock: () => new Date(Date.now() + clockOffsetMs) },
    );
    bus = await connect({ servers: nats.url });
    const jsm = await bus.jetstreamManager();
    const events = (context: 'identity' | 'storefront') => readStream<DomainEvent>(jsm, context);
    return {
      identity: createClient(identity.IdentityServiceClient, service.address),
      stores: createClient(storefront.StoreServiceClient, storefrontProcess.address),
      storefront: storefrontProcess,
      events,
      waitForEvent: (context, matches, what) =>
        waitFor(async () => (await events(context)).find(matches), { timeoutMs: 10_000, message: `${what} on the ${context} stream` }),
      httpUrl: service.httpUrl!,
      jwtSecret: JWT_SECRET,
      advanceClock: (ms) => void (clockOffsetMs += ms),
      datafileText: async (collection) => `${JSON.stringify(readEmbeddedCollection(identityDir, collection))}\n${await embeddedStoreBytes(identityDir)}`,
      storedUsers: async () => readEmbeddedCollection<UserRecord & Doc>(identityDir, 'users'),
      storedCodes: async () => readEmbeddedCollection<{ code_hash: string; expires_at: unknown } & Doc>(identityDir, 'authorization_codes'),
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** The RemoteError a call fails with; fails the test if the call succeeds or fails otherwise. */
export const rejectionOf = (call: Promise<unknown>): Promise<RemoteError> => rejectionOfType(call, RemoteError);

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
