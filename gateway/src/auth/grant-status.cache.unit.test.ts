import { GrantStatusCache, type GrantStatus } from './grant-status.cache';

const active = (storeId = 7): GrantStatus => ({ active: true, userId: 42, storeId, scopes: new Set(['store_read']) });

function cacheWithClock() {
  const clock = { nowMs: 1_700_000_000_000 };
  const cache = new GrantStatusCache(60_000, 3, () => clock.nowMs);
  return { cache, clock, remember: (grantId: string, status = active()) => cache.set(grantId, status, cache.currentGeneration()) };
}

describe('GrantStatusCache', () => {
  it('serves a remembered grant until its TTL passes', () => {
    const { cache, clock, remember } = cacheWithClock();
    remember('1');
    expect(cache.get('1')).toMatchObject({ active: true, storeId: 7 });
    clock.nowMs += 60_000;
    expect(cache.get('1')).toBeUndefined();
  });

  it('answers revoked from the moment it hears of a revocation', () => {
    const { cache, remember } = cacheWithClock();
    remember('1');
    cache.revoke('1');
    expect(cache.get('1')).toMatchObject({ active: false });
  });

  it('does not keep a status looked up while a revocation arrived', () => {
    const { cache } = cacheWithClock();
    const generation = cache.currentGeneration();
    cache.revoke('2');
    cache.set('1', active(), generation);
    expect(cache.get('1')).toBeUndefined();
  });

  it('never caches a grant whose user has no store yet (its next call may come after it creates one)', () => {
    const { cache, remember } = cacheWithClock();
    remember('1', active(0));
    expect(cache.get('1')).toBeUndefined();
  });

  it('stays within its size, dropping the oldest, and forgets all on clear', () => {
    const { cache, remember } = cacheWithClock();
    for (const id of ['1', '2', '3', '4']) remember(id);
    expect(cache.size).toBe(3);
    expect(cache.get('1')).toBeUndefined();
    cache.clear();
    expect(cache.size).toBe(0);
  });
});
