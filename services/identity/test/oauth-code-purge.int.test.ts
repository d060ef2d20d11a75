import { waitFor } from '@commerce/testing';
import { startIdentityHarness, type IdentityHarness } from './identity.fixture';
import { aCode, anApp, aSignedInOwner, exchange, type RegisteredApp } from './oauth.fixture';

let harness: IdentityHarness;
let app: RegisteredApp;

beforeAll(async () => {
  harness = await startIdentityHarness({ CODE_PURGE_INTERVAL_MS: '50' });
  app = await anApp(harness);
});

afterAll(() => harness?.stop());

describe('expired authorization codes', () => {
  it('are kept an hour past expiry for reuse detection, then deleted', async () => {
    const { browser } = await aSignedInOwner(harness);
    await aCode(browser, app);
    expect(await harness.storedCodes()).toHaveLength(1);

    harness.advanceClock(30 * 60_000); // the first code expired 25 minutes ago: within the hour reuse detection needs
    const exchanged = await exchange(harness.httpUrl, app, await aCode(browser, app)); // a second code, used at once
    expect(exchanged.status).toBe(200);
    await waitFor(async () => (await harness.storedCodes()).length === 2, { timeoutMs: 2_000, message: 'both codes stored' });
    expect(await harness.storedCodes()).toHaveLength(2); // purges ran meanwhile (every 50 ms) and kept both

    harness.advanceClock(2 * 3_600_000);
    await waitFor(async () => (await harness.storedCodes()).length === 0, { timeoutMs: 5_000, message: 'the expired codes to be purged' });
  });
});
