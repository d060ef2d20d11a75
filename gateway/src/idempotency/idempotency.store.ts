import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { KV, KvEntry, NatsConnection } from 'nats';

/** The part of a response a replay repeats. */
export interface StoredResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** A finished record's answer as kept: sealed (AES-256-GCM, base64 of IV | tag | ciphertext), never in clear. */
type IdempotencyRecord =
  | { state: 'pending'; fingerprint: string; started_at: number }
  | { state: 'done'; fingerprint: string; sealed: string; response?: never }
  /** Kept by a gateway from before answers were sealed (at most 24 h old): replayed as it is. */
  | { state: 'done'; fingerprint: string; sealed?: never; response: StoredResponse };

export type BeginOutcome =
  { kind: 'started'; revision: number } | { kind: 'replay'; response: StoredResponse } | { kind: 'in_progress' } | { kind: 'mismatch' };

export interface IdempotencyStoreOptions {
  /** How long a finished request is replayed (docs/api-conventions.md#retrying-a-post-safely-idempotency-key: 24 h). */
  ttlMs: number;
  /** A pending record older than this was left by a gateway that died mid-request; a retry may take it over. */
  staleAfterMs: number;
  bucket?: string;
  /**
   * 32 bytes sealing the kept answers: they can hold what is shown once (a webhook's signing secret, an app's
   * access token), so the bucket never holds them in clear. Every replica must have the same key.
   */
  sealKey: Buffer;
}

const DEFAULT_BUCKET = 'gateway_idempotency';

/** What the middleware needs of the records: the store below, or one in memory in the app's tests. */
export type IdempotencyRecords = Pick<IdempotencyStore, 'begin' | 'finish' | 'abandon'>;

/**
 * Idempotency records in a JetStream KV bucket, shared by every gateway replica. `create` is the
 * lock (only one request per key runs), `update` with the read revision is how a stale lock is
 * taken over, and the bucket's TTL forgets records after 24 h.
 */
export class IdempotencyStore {
  private constructor(
    private readonly kv: KV,
    private readonly options: IdempotencyStoreOptions,
  ) {}

  static async open(nc: NatsConnection, options: IdempotencyStoreOptions): Promise<IdempotencyStore> {
    const kv = await nc.jetstream().views.kv(options.bucket ?? DEFAULT_BUCKET, { ttl: options.ttlMs, history: 1 });
    return new IdempotencyStore(kv, options);
  }

  /** Claims `key` for a request with this fingerprint, or tells why it cannot run. */
  async begin(key: string, fingerprint: string, now = Date.now()): Promise<BeginOutcome> {
    const pending = encode({ state: 'pending', fingerprint, started_at: now });
    for (let attempt = 0; attempt < 3; attempt++) {
      const claimed = await this.kv.create(key, pending).catch(() => undefined);
      if (claimed !== undefined) return { kind: 'started', revision: claimed };
      const entry = await this.kv.get(key);
      if (!isLive(entry)) continue; // deleted or expired between our create and get: try again
      const record = entry.json<IdempotencyRecord>();
      if (record.fingerprint !== fingerprint) return { kind: 'mismatch' };
      if (record.state === 'done')
        return { kind: 'replay', response: record.sealed !== undefined ? this.open(key, record.sealed) : record.response };
      if (now - record.started_at < this.options.staleAfterMs) return { kind: 'in_progress' };
      const takenOver = await this.kv.update(key, pending, entry.revision).catch(() => undefined);
      if (takenOver !== undefined) return { kind: 'started', revision: takenOver };
    }
    return { kind: 'in_progress' };
  }

  /** Records the answer of the request that claimed `key`, for replays. */
  async finish(key: string, revision: number, fingerprint: string, response: StoredResponse): Promise<void> {
    await this.kv.update(key, encode({ state: 'done', fingerprint, sealed: this.seal(key, response) }), revision);
  }

  // The record's key is the associated data: a sealed answer copied under another key does not open.
  private seal(key: string, response: StoredResponse): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.options.sealKey, iv);
    cipher.setAAD(Buffer.from(key));
    const sealed = Buffer.concat([cipher.update(JSON.stringify(response), 'utf8'), cipher.final()]);
    return Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64');
  }

  private open(key: string, sealed: string): StoredResponse {
    const bytes = Buffer.from(sealed, 'base64');
    const decipher = createDecipheriv('aes-256-gcm', this.options.sealKey, bytes.subarray(0, 12));
    decipher.setAAD(Buffer.from(key));
    decipher.setAuthTag(bytes.subarray(12, 28));
    return JSON.parse(Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8')) as StoredResponse;
  }

  /** Gives `key` up (the request failed in a way a retry should redo), so the next attempt runs. */
  async abandon(key: string): Promise<void> {
    await this.kv.delete(key);
  }
}

function isLive(entry: KvEntry | null): entry is KvEntry {
  return entry !== null && entry.operation === 'PUT';
}

function encode(record: IdempotencyRecord): Uint8Array {
  return new TextEncoder().encode(JSON.stringify(record));
}
