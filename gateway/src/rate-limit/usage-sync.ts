import { randomUUID } from 'node:crypto';
import type { NatsConnection, Subscription } from 'nats';
import type { LeakyBucket } from './leaky-bucket';

/** Core NATS (no JetStream): usage is only worth anything for the next second or so. */
export const RATE_LIMIT_USAGE_SUBJECT = 'gateway.ratelimit.usage';
/** The failed authentications per client address (auth-failure.limit.ts), shared the same way. */
export const AUTH_FAILURE_USAGE_SUBJECT = 'gateway.ratelimit.auth-failures';
/** Checkouts per client address (routes/buyer/checkout.routes.ts), shared the same way. */
export const CHECKOUT_USAGE_SUBJECT = 'gateway.ratelimit.checkouts';

export interface RateLimitSyncOptions {
  /** How often this replica publishes what it admitted; also the worst-case lag of the others. */
  intervalMs?: number;
  /** Replica id put on (and filtered out of) the messages; random unless a test pins it. */
  replicaId?: string;
  subject?: string;
}

export interface RateLimitSync {
  readonly replicaId: string;
  /** Publishes what is still unpublished, then stops publishing and listening. */
  stop(): void;
}

/** On the wire: `{ replica, usage: { <rate-limit key>: <requests admitted> } }`. */
interface UsageMessage {
  replica: string;
  usage: Record<string, number>;
}

export interface UsageReport {
  replica: string;
  usage: Map<string, number>;
}

const DEFAULT_INTERVAL_MS = 250;
/** Keys per message: keeps a message far below the server's max_payload (1 MB by default) under a flood of credentials. */
const MAX_KEYS_PER_MESSAGE = 2_000;
const MAX_KEY_LENGTH = 256;

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/**
 * Makes the leaky bucket of docs/api-conventions.md#rate-limits hold across gateway replicas: each replica broadcasts the
 * requests it admitted per credential, and applies what the others admitted to its own buckets.
 * A replica may admit up to one interval's worth of traffic the others have not heard of yet.
 * `bucket` must be built with `trackLocalUsage: true`.
 */
export function startRateLimitSync(nc: NatsConnection, bucket: LeakyBucket, options: RateLimitSyncOptions = {}): RateLimitSync {
  const intervalMs = options.intervalMs ?? DEFAULT_INTERVAL_MS;
  const replicaId = options.replicaId ?? randomUUID();
  const subject = options.subject ?? RATE_LIMIT_USAGE_SUBJECT;

  const subscription: Subscription = nc.subscribe(subject, {
    callback: (error, message) => {
      if (error) return;
      const report = parseUsageMessage(message.data);
      if (!report || report.replica === replicaId) return;
      const nowMs = Date.now();
      for (const [key, requests] of report.usage) bucket.record(key, requests, nowMs);
    },
  });

  const publishUsage = () => {
    const usage = bucket.drainLocalUsage();
    if (usage.size === 0 || nc.isClosed()) return;
    for (const chunk of chunks(usage, MAX_KEYS_PER_MESSAGE)) {
      const body: UsageMessage = { replica: replicaId, usage: Object.fromEntries(chunk) };
      try {
        nc.publish(subject, encoder.encode(JSON.stringify(body)));
      } catch {
        // Closed or draining connection: this interval's usage is lost, the limit stays per replica meanwhile.
        return;
      }
    }
  };
  const timer = setInterval(publishUsage, intervalMs);
  timer.unref();

  let stopped = false;
  return {
    replicaId,
    stop() {
      if (stopped) return;
      stopped = true;
      clearInterval(timer);
      publishUsage();
      subscription.unsubscribe();
    },
  };
}

/** Another replica's report, or undefined for anything that is not one (never trusted to be well-formed). */
export function parseUsageMessage(data: Uint8Array): UsageReport | undefined {
  let value: unknown;
  try {
    value = JSON.parse(decoder.decode(data));
  } catch {
    return undefined;
  }
  if (!isRecord(value) || typeof value.replica !== 'string' || !value.replica || !isRecord(value.usage)) return undefined;
  // A Map, not an object: a key literally named `__proto__` stays an ordinary key.
  const usage = new Map<string, number>();
  for (const [key, requests] of Object.entries(value.usage)) {
    if (key.length > MAX_KEY_LENGTH || typeof requests !== 'number' || !Number.isSafeInteger(requests) || requests < 1) continue;
    usage.set(key, requests);
  }
  return { replica: value.replica, usage };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function* chunks<K, V>(map: Map<K, V>, size: number): Generator<Array<[K, V]>> {
  let chunk: Array<[K, V]> = [];
  for (const entry of map) {
    chunk.push(entry);
    if (chunk.length === size) {
      yield chunk;
      chunk = [];
    }
  }
  if (chunk.length) yield chunk;
}
