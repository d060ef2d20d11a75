// The sign-in attempt counters (one per account or unknown identifier, and client address) are deleted once
// their window is over: nobody, however many identifiers they try, grows the table for good.
import { waitFor } from '@commerce/testing';
import { startIdentityHarness, type IdentityHarness } from './identity.fixture';
import { PageClient } from './page-client.harness';

const minutes = (n: number) => n * 60_000;

let harness: IdentityHarness;

beforeAll(async () => {
  harness = await startIdentityHarness({ LOGIN_THROTTLE_MINUTES: '15', LOGIN_ATTEMPT_PURGE_INTERVAL_MS: '50' });
});

afterAll(() => harness?.stop());

const wrongSignIn = (identifier: string) => new PageClient(harness.httpUrl).signIn(identifier, 'not the password');

describe('sign-in attempt counters', () => {
  it('are kept while their window is open, then deleted, unknown identifiers included', async () => {
    for (const n of [1, 2, 3]) expect((await wrongSignIn(`nobody${n}@example.com`)).status).toBe(401);
    const first = await storedKeys();
    expect(first).toHaveLength(3);

    harness.advanceClock(minutes(14)); // purges keep running meanwhile (every 50 ms): all four windows are open
    expect((await wrongSignIn('nobody4@example.com')).status).toBe(401);
    const latest = (await storedKeys()).filter((key) => !first.includes(key));
    expect(latest).toHaveLength(1);
    expect(await storedKeys()).toHaveLength(4);

    harness.advanceClock(minutes(3)); // the first three windows ended two minutes ago; the fourth is 3 minutes old
    await waitFor(async () => (await storedKeys()).length === 1, { timeoutMs: 5_000, message: 'the ended windows to be purged' });
    expect(await storedKeys()).toEqual(latest);

    harness.advanceClock(minutes(15));
    await waitFor(async () => (await harness.storedLoginAttempts()).length === 0, {
      timeoutMs: 5_000,
      message: 'the last window to be purged',
    });
  });
});

const storedKeys = async () => (await harness.storedLoginAttempts()).map((record) => record.key);
