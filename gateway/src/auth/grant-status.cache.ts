/** What identity said about a grant: active with the user's store and the scopes it holds now. */
export interface GrantStatus {
  active: boolean;
  userId: number;
  storeId: number;
  scopes: ReadonlySet<string>;
}

interface Entry {
  status: GrantStatus;
  expiresAt: number;
}

/**
 * Remembers grant statuses so an access token costs one identity call per grant, not per request.
 * Revoked is final (a grant never comes back), so it is remembered until the TTL like an active one;
 * `grant/revoked` events drop an entry at once and a bus outage drops them all.
 * Grants of users without a store are not cached: their next call may be the one after they
 * created their store (and no revocation event exists for them).
 */
export class GrantStatusCache {
  private readonly entries = new Map<string, Entry>();
  /** Bumped on every invalidation, so a lookup that raced a revocation cannot re-insert the old status. */
  private generation = 0;

  constructor(
    private readonly ttlMs = 60_000,
    private readonly maxEntries = 50_000,
    private readonly now: () => number = Date.now,
  ) {
    if (!(ttlMs > 0) || !(maxEntries >= 1)) throw new RangeError('GrantStatusCache needs ttlMs > 0 and maxEntries >= 1');
  }

  get(grantId: string): GrantStatus | undefined {
    const entry = this.entries.get(grantId);
    if (!entry) return undefined;
    if (entry.expiresAt > this.now()) return entry.status;
    this.entries.delete(grantId);
    return undefined;
  }

  currentGeneration(): number {
    return this.generation;
  }

  set(grantId: string, status: GrantStatus, generation: number): void {
    if (generation !== this.generation) return;
    if (status.active && status.storeId === 0) return;
    this.entries.delete(grantId);
    for (const [oldest] of this.entries) {
      if (this.entries.size < this.maxEntries) break;
      this.entries.delete(oldest);
    }
    this.entries.set(grantId, { status, expiresAt: this.now() + this.ttlMs });
  }

  /** identity revoked the grant: its tokens are refused from the next request on. */
  revoke(grantId: string): void {
    this.generation++;
    this.entries.set(grantId, { status: { active: false, userId: 0, storeId: 0, scopes: new Set() }, expiresAt: this.now() + this.ttlMs });
  }

  /** After a bus outage we may have missed revocations: forget everything. */
  clear(): void {
    this.generation++;
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}
