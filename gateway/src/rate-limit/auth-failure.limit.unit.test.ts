import { AuthFailureLimit, clientAddressKey } from './auth-failure.limit';
import { LeakyBucket } from './leaky-bucket';

const T0 = 1_700_000_000_000;

describe('AuthFailureLimit', () => {
  it('refuses an address only once its failures are spent, and says when to retry', () => {
    let now = T0;
    const limit = new AuthFailureLimit(new LeakyBucket({ capacity: 2, leakPerSecond: 0.5 }), () => now);
    expect(limit.refused('10.0.0.1')).toBeUndefined();
    expect(limit.reserve('10.0.0.1')).toBeUndefined();
    expect(limit.reserve('10.0.0.1')).toBeUndefined();
    const refused = limit.refused('10.0.0.1');
    expect(refused).toMatchObject({ status: 429, errorType: 'RateLimited', headers: { 'Retry-After': '2' } });
    expect(limit.reserve('10.0.0.1')?.status).toBe(429);
    expect(limit.refused('10.0.0.2')).toBeUndefined();
    now += 2_000;
    expect(limit.refused('10.0.0.1')).toBeUndefined();
  });

  it('gives a released reservation back, also from what is shared with other replicas', () => {
    const bucket = new LeakyBucket({ capacity: 2, leakPerSecond: 0.01, trackLocalUsage: true });
    const limit = new AuthFailureLimit(bucket, () => T0);
    for (let n = 0; n < 10; n++) {
      expect(limit.reserve('10.0.0.1')).toBeUndefined();
      limit.release('10.0.0.1');
    }
    limit.reserve('10.0.0.1');
    expect(bucket.remaining('10.0.0.1', T0)).toBe(1);
    expect(bucket.drainLocalUsage()).toEqual(new Map([['10.0.0.1', 1]]));
  });

  it('does not make a bucket for an address it only looked at', () => {
    const bucket = new LeakyBucket({ capacity: 2, leakPerSecond: 1 });
    new AuthFailureLimit(bucket).refused('10.0.0.9');
    expect(bucket.size).toBe(0);
  });
});

describe('clientAddressKey', () => {
  it.each([
    ['203.0.113.7', '203.0.113.7'],
    ['::ffff:203.0.113.7', '203.0.113.7'],
    ['2001:db8:1:2:aaaa:bbbb:cccc:dddd', '2001:db8:1:2::/64'],
    ['2001:db8:1:2::1', '2001:db8:1:2::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    [undefined, ''],
  ])('%s counts as %s', (address, key) => {
    expect(clientAddressKey(address)).toBe(key);
  });
});
