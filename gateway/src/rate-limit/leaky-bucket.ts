export interface LeakyBucketOptions {
  /** Requests a credential may burst before being held back. */
  capacity: number;
  /** Requests per second that drain from a full bucket (the sustained rate). */
  leakPerSecond: number;
  /** Hard cap on tracked credentials; past it the least recently seen is forgotten. */
  maxKeys?: number;
  /** Count admitted requests per key for `drainLocalUsage()`, to share with other replicas. */
  trackLocalUsage?: boolean;
}

export interface TakeResult {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** 0 when allowed; otherwise whole seconds until one request fits. */
  retryAfterSeconds: number;
}

interface Bucket {
  level: number;
  updatedAtMs: number;
}

export const DEFAULT_LEAKY_BUCKET: LeakyBucketOptions = { capacity: 40, leakPerSecond: 2 };
const DEFAULT_MAX_KEYS = 100_000;
// Leaking is float arithmetic; without slack a bucket that drained to exactly 39 could read 39.0000001.
const EPSILON = 1e-9;

/**
 * Per-credential leaky buckets (docs/api-conventions.md#rate-limits): each request adds one unit, units drain at a steady
 * rate, a request that would overflow is refused. Pure: time comes in as `nowMs`.
 *
 * Memory stays bounded without timers: buckets sit in a Map in least-recently-touched order, and
 * every call drops the front entries idle long enough to have drained completely (an empty
 * bucket and no bucket are the same thing), plus the oldest ones beyond `maxKeys`.
 *
 * Replicas share usage: with `trackLocalUsage`, `drainLocalUsage()` hands out what this replica
 * admitted since the last call (to publish), and `record()` applies what another replica reported.
 */
export class LeakyBucket {
  readonly capacity: number;
  private readonly leakPerMs: number;
  private readonly idleMsUntilEmpty: number;
  private readonly maxKeys: number;
  private readonly buckets = new Map<string, Bucket>();
  private readonly localUsage: Map<string, number> | undefined;

  constructor(options: LeakyBucketOptions = DEFAULT_LEAKY_BUCKET) {
    if (!(options.capacity >= 1) || !(options.leakPerSecond > 0))
      throw new RangeError('LeakyBucket needs capacity >= 1 and leakPerSecond > 0');
    this.capacity = options.capacity;
    this.leakPerMs = options.leakPerSecond / 1000;
    this.idleMsUntilEmpty = options.capacity / this.leakPerMs;
    this.maxKeys = options.maxKeys ?? DEFAULT_MAX_KEYS;
    this.localUsage = options.trackLocalUsage ? new Map() : undefined;
  }

  /** Admits one request for `key` if it fits. */
  take(key: string, nowMs: number = Date.now()): TakeResult {
    const bucket = this.touch(key, nowMs);
    if (bucket.level + 1 > this.capacity + EPSILON) {
      const retryAfterSeconds = Math.max(1, Math.ceil((bucket.level + 1 - this.capacity) / this.leakPerMs / 1000));
      return { allowed: false, limit: this.capacity, remaining: 0, retryAfterSeconds };
    }
    bucket.level += 1;
    if (this.localUsage) this.localUsage.set(key, (this.localUsage.get(key) ?? 0) + 1);
    return { allowed: true, limit: this.capacity, remaining: this.remainingIn(bucket), retryAfterSeconds: 0 };
  }

  /** What `take` would answer for `key` now, without taking anything; no bucket is made for an unknown key. */
  peek(key: string, nowMs: number = Date.now()): TakeResult {
    const bucket = this.buckets.get(key);
    const level = bucket ? this.leaked(bucket, nowMs) : 0;
    if (level + 1 > this.capacity + EPSILON) {
      return {
        allowed: false,
        limit: this.capacity,
        remaining: 0,
        retryAfterSeconds: Math.max(1, Math.ceil((level + 1 - this.capacity) / this.leakPerMs / 1000)),
      };
    }
    return { allowed: true, limit: this.capacity, remaining: this.remainingIn({ level, updatedAtMs: nowMs }), retryAfterSeconds: 0 };
  }

  /** Gives back one request `take` admitted for `key` that turned out not to count (and not to be shared, if not yet drained). */
  refund(key: string, nowMs: number = Date.now()): void {
    const bucket = this.buckets.get(key);
    if (bucket) {
      bucket.level = Math.max(0, this.leaked(bucket, nowMs) - 1);
      bucket.updatedAtMs = Math.max(bucket.updatedAtMs, nowMs);
    }
    const unpublished = this.localUsage?.get(key);
    if (unpublished === undefined) return;
    if (unpublished > 1) this.localUsage!.set(key, unpublished - 1);
    else this.localUsage!.delete(key);
  }

  /**
   * Applies `requests` admitted for `key` by another replica. It can fill the bucket but not
   * overfill it, so a client never waits longer than a full bucket takes to drain.
   */
  record(key: string, requests: number, nowMs: number = Date.now()): void {
    if (!(requests > 0)) return;
    const bucket = this.touch(key, nowMs);
    bucket.level = Math.min(this.capacity, bucket.level + requests);
  }

  /** What this replica admitted per key since the last call; empty unless `trackLocalUsage`. */
  drainLocalUsage(): Map<string, number> {
    if (!this.localUsage?.size) return new Map();
    const usage = new Map(this.localUsage);
    this.localUsage.clear();
    return usage;
  }

  /** How many requests `key` could make right now, without taking any. */
  remaining(key: string, nowMs: number = Date.now()): number {
    const bucket = this.buckets.get(key);
    return bucket ? this.remainingIn({ level: this.leaked(bucket, nowMs), updatedAtMs: nowMs }) : this.capacity;
  }

  /** Credentials currently tracked (for metrics and tests). */
  get size(): number {
    return this.buckets.size;
  }

  private touch(key: string, nowMs: number): Bucket {
    this.evictIdle(nowMs);
    const existing = this.buckets.get(key);
    if (!existing) this.makeRoom();
    const bucket: Bucket = existing
      ? { level: this.leaked(existing, nowMs), updatedAtMs: Math.max(existing.updatedAtMs, nowMs) }
      : { level: 0, updatedAtMs: nowMs };
    // Re-inserting moves the key to the back: the Map stays in least-recently-touched order.
    this.buckets.delete(key);
    this.buckets.set(key, bucket);
    return bucket;
  }

  private leaked(bucket: Bucket, nowMs: number): number {
    const elapsedMs = Math.max(0, nowMs - bucket.updatedAtMs);
    return Math.max(0, bucket.level - elapsedMs * this.leakPerMs);
  }

  private remainingIn(bucket: Bucket): number {
    return Math.max(0, Math.floor(this.capacity - bucket.level + EPSILON));
  }

  /** The front of the Map is the longest idle; stop at the first bucket that may still hold water. */
  private evictIdle(nowMs: number): void {
    for (const [key, bucket] of this.buckets) {
      if (nowMs - bucket.updatedAtMs < this.idleMsUntilEmpty) return;
      this.buckets.delete(key);
    }
  }

  private makeRoom(): void {
    for (const key of this.buckets.keys()) {
      if (this.buckets.size < this.maxKeys) return;
      this.buckets.delete(key);
    }
  }
}
