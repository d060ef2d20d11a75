import { ApiKeyCache } from './api-key.cache';

const TTL_MS = 60_000;

function cacheWithClock(options: { maxEntries?: number } = {}) {
  const clock = { nowMs: 1_700_000_000_000 };
  const cache = new ApiKeyCache(TTL_MS, options.maxEntries ?? 100, () => clock.nowMs);
  /** Caches a key as the authenticator does: generation read, then the identity answer stored. */
  const remember = (key: string, storeId: number) => cache.set(ApiKeyCache.hash(key), storeId, `key-${storeId}`, cache.currentGeneration());
  const lookup = (key: string) => cache.get(ApiKeyCache.hash(key));
  return { cache, clock, remember, lookup };
}

describe('ApiKeyCache', () => {
  it('hashes keys, so no plaintext is kept', () => {
    const hash = ApiKeyCache.hash('sk_live_secret');
    expect(hash).not.toContain('sk_live_secret');
    expect(hash).toBe(ApiKeyCache.hash('sk_live_secret'));
    expect(hash).not.toBe(ApiKeyCache.hash('sk_live_other'));
  });

  it('serves a remembered key until its TTL passes', () => {
    const { clock, remember, lookup, cache } = cacheWithClock();
    remember('sk_7', 7);
    expect(lookup('sk_7')).toMatchObject({ storeId: 7, keyId: 'key-7' });
    clock.nowMs += TTL_MS - 1;
    expect(lookup('sk_7')).toMatchObject({ storeId: 7 });
    clock.nowMs += 1;
    expect(lookup('sk_7')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('knows nothing of a key it was never told about', () => {
    expect(cacheWithClock().lookup('sk_unknown')).toBeUndefined();
  });

  it("drops only the invalidated store's keys", () => {
    const { cache, remember, lookup } = cacheWithClock();
    remember('sk_7a', 7);
    remember('sk_7b', 7);
    remember('sk_8', 8);
    cache.invalidateStore(7);
    expect(lookup('sk_7a')).toBeUndefined();
    expect(lookup('sk_7b')).toBeUndefined();
    expect(lookup('sk_8')).toMatchObject({ storeId: 8 });
    expect(cache.size).toBe(1);
  });

  it('ignores a lookup that raced a rotation: a set() with the generation read before the invalidation', () => {
    const { cache, lookup } = cacheWithClock();
    const generationBeforeCall = cache.currentGeneration();
    // identity validated the old key, but the rotation event landed before the answer was cached
    cache.invalidateStore(7);
    cache.set(ApiKeyCache.hash('sk_old'), 7, 'key-old', generationBeforeCall);
    expect(lookup('sk_old')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('accepts a set() with the generation read after the invalidation', () => {
    const { cache, lookup } = cacheWithClock();
    cache.invalidateStore(7);
    cache.set(ApiKeyCache.hash('sk_new'), 7, 'key-new', cache.currentGeneration());
    expect(lookup('sk_new')).toMatchObject({ storeId: 7, keyId: 'key-new' });
  });

  it('clear() forgets every key and fences lookups already in flight', () => {
    const { cache, remember, lookup } = cacheWithClock();
    remember('sk_7', 7);
    remember('sk_8', 8);
    const inFlight = cache.currentGeneration();
    cache.clear();
    expect(lookup('sk_7')).toBeUndefined();
    expect(lookup('sk_8')).toBeUndefined();
    cache.set(ApiKeyCache.hash('sk_9'), 9, 'key-9', inFlight);
    expect(cache.size).toBe(0);
  });

  it('evicts the oldest entries beyond maxEntries', () => {
    const { cache, remember, lookup } = cacheWithClock({ maxEntries: 2 });
    remember('sk_1', 1);
    remember('sk_2', 2);
    remember('sk_3', 3);
    expect(cache.size).toBe(2);
    expect(lookup('sk_1')).toBeUndefined();
    expect(lookup('sk_2')).toMatchObject({ storeId: 2 });
    expect(lookup('sk_3')).toMatchObject({ storeId: 3 });
  });

  it('refreshes a re-validated key in place instead of evicting another', () => {
    const { cache, clock, remember, lookup } = cacheWithClock({ maxEntries: 2 });
    remember('sk_1', 1);
    remember('sk_2', 2);
    clock.nowMs += TTL_MS / 2;
    remember('sk_2', 2);
    expect(cache.size).toBe(2);
    expect(lookup('sk_1')).toMatchObject({ storeId: 1 });
    clock.nowMs += TTL_MS / 2;
    // sk_1 reached its TTL; sk_2 was re-validated half a TTL later
    expect(lookup('sk_1')).toBeUndefined();
    expect(lookup('sk_2')).toMatchObject({ storeId: 2 });
  });

  it('files a key under the store identity last answered, so invalidating the previous store keeps it', () => {
    const { cache, remember, lookup } = cacheWithClock();
    remember('sk_moved', 7);
    remember('sk_moved', 8);
    cache.invalidateStore(7);
    expect(lookup('sk_moved')).toMatchObject({ storeId: 8 });
    cache.invalidateStore(8);
    expect(lookup('sk_moved')).toBeUndefined();
  });

  it('refuses an unusable configuration', () => {
    expect(() => new ApiKeyCache(0)).toThrow(RangeError);
    expect(() => new ApiKeyCache(1_000, 0)).toThrow(RangeError);
  });
});
