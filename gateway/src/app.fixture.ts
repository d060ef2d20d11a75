// For the gateway's app-level tests only (excluded from the build): the app as main.ts builds it, on stubbed
// backends and identity, with limits wide open unless a test sets them.
import http from 'node:http';
import { GrpcStatus, RemoteError } from '@commerce/grpc-runtime';
import { createLogger } from '@commerce/observability';
import { createGatewayApp, type GatewayDeps } from './app';
import { ApiKeyCache } from './auth/api-key.cache';
import { Authenticator, type ApiKeyIdentityClient } from './auth/authenticator';
import type { BackendClients } from './clients';
import type { BeginOutcome, IdempotencyRecords, StoredResponse } from './idempotency/idempotency.store';
import { LeakyBucket } from './rate-limit/leaky-bucket';

export const TEST_TOKENS = { secret: 's'.repeat(32), issuer: 'store-commerce', audience: 'store-commerce-api' };

/**
 * The identity of the route tests: store 7's API key `sk_live_7`, and OAuth grants of store 7 with both store scopes
 * (grant id `read-only`: store_read alone).
 */
export const storeSevenIdentity: ApiKeyIdentityClient = {
  authenticateApiKey: async ({ api_key }) => {
    if (api_key === 'sk_live_7') return { store_id: 7, key_id: 'key-7' };
    throw new RemoteError({ code: GrpcStatus.UNAUTHENTICATED, message: 'unknown key' });
  },
  checkGrant: async ({ grant_id }) => ({
    active: true,
    user_id: 42,
    store_id: 7,
    client_id: 'app-1',
    scope: grant_id === 'read-only' ? 'store_read' : 'store_read store_write',
  }),
};

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

/** Idempotency records in memory, as the NATS KV store keeps them for one replica (no expiry). */
export function inMemoryIdempotency(): IdempotencyRecords {
  const records = new Map<string, { fingerprint: string; response?: StoredResponse }>();
  return {
    begin: async (key, fingerprint): Promise<BeginOutcome> => {
      const record = records.get(key);
      if (!record) {
        records.set(key, { fingerprint });
        return { kind: 'started', revision: 1 };
      }
      if (record.fingerprint !== fingerprint) return { kind: 'mismatch' };
      return record.response ? { kind: 'replay', response: record.response } : { kind: 'in_progress' };
    },
    finish: async (key, _revision, fingerprint, response) => {
      records.set(key, { fingerprint, response });
    },
    abandon: async (key) => {
      records.delete(key);
    },
  };
}

export interface SentRequest {
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: string;
  /** Another loopback address (127.0.0.2, ...) is another client. */
  localAddress?: string;
}

export interface Received {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The JSON body, parsed ({} when empty). */
  body: { data?: unknown; error?: string; meta?: Record<string, unknown>; pagination?: Record<string, unknown> } & Record<string, unknown>;
}

/** One request with node:http, which (unlike fetch) sends the Host header and local address it is given. */
export function send(baseUrl: string, request: SentRequest): Promise<Received> {
  return new Promise((resolve, reject) => {
    const options = { method: request.method, headers: request.headers ?? {}, localAddress: request.localAddress, agent: false };
    const outgoing = http.request(`${baseUrl}${request.path}`, options, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        resolve({ status: response.statusCode!, headers: response.headers, body: text ? (JSON.parse(text) as Received['body']) : {} });
      });
    });
    outgoing.on('error', reject);
    outgoing.end(request.body);
  });
}
