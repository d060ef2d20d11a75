import { createHash } from 'node:crypto';

interface Entry {
  storeId: number;
  keyId: string;
  expiresAt: number;
}

/**
 * Remembers which store a key belongs to, so the hot path makes no identity call. Entries are
 * keyed by the key's hash (no plaintext kept) and dropped the moment identity says the store's
 * key was rotated; the TTL only bounds staleness if such an event is ever missed.
 */
export class ApiKeyCache {
  private readonly entries = new Map<string, Entry>();
  private readonly hashesByStore = new Map<number, Set<string>>();
  /** Bumped on every invalidation, so a lookup that raced a rotation cannot re-insert the old key. */
  private generation = 0;

  constructor(
    private readonly ttlMs = 60_000,
    private readonly maxEntries = 50_000,
    private readonly now: () => number = Date.now,
  ) {
    if (!(ttlMs > 0) || !(maxEntries >= 1)) throw new RangeError('ApiKeyCache needs ttlMs > 0 and maxEntries >= 1');
  }

  static hash(key: string): string {
    return createHash('sha256').update(key).digest('base64url');
  }

  get(keyHash: string): Entry | undefined {
    const entry = this.entries.get(keyHash);
    if (!entry) return undefined;
    if (entry.expiresAt > this.now()) return entry;
    this.delete(keyHash, entry.storeId);
    return undefined;
  }

  currentGeneration(): number {
    return this.generation;
  }

  /** Stores a validated key unless the cache was invalidated since `generation` was read. */
  set(keyHash: string, storeId: number, keyId: string, generation: number): void {
    if (generation !== this.generation) return;
    // A re-validated key replaces its entry (and its store index) instead of counting twice.
    const existing = this.entries.get(keyHash);
    if (existing) this.delete(keyHash, existing.storeId);
    for (const [oldest, entry] of this.entries) {
      if (this.entries.size < this.maxEntries) break;
      this.delete(oldest, entry.storeId);
    }
    this.entries.set(keyHash, { storeId, keyId, expiresAt: this.now() + this.ttlMs });
    let hashes = this.hashesByStore.get(storeId);
    if (!hashes) this.hashesByStore.set(storeId, (hashes = new Set()));
    hashes.add(keyHash);
  }

  invalidateStore(storeId: number): void {
    this.generation++;
    for (const keyHash of this.hashesByStore.get(storeId) ?? []) this.entries.delete(keyHash);
    this.hashesByStore.delete(storeId);
  }

  /** After a bus outage we may have missed rotations: forget everything. */
  clear(): void {
    this.generation++;
    this.entries.clear();
    this.hashesByStore.clear();
  }

  get size(): number {
    return this.entries.size;
  }

  private delete(keyHash: string, storeId: number): void {
    this.entries.delete(keyHash);
    const hashes = this.hashesByStore.get(storeId);
    hashes?.delete(keyHash);
    if (hashes?.size === 0) this.hashesByStore.delete(storeId);
  }
}
