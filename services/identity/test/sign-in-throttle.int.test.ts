// Sign-in throttling as an attacker meets it (issue 12, item 3): a burst of parallel guesses, X-Forwarded-For
// from a client that reaches the pages directly, and the e-mail and the login name of one account.
import { status } from '@grpc/grpc-js';
import { rejectionOf } from '@commerce/testing';
import { CLIENT_ADDRESS_HEADER, CLIENT_ADDRESS_SIGNATURE_HEADER, clientAddressKey, signClientAddress } from '@commerce/config';
import { anAccountRequest, startIdentityHarness, type IdentityHarness } from './identity.fixture';
import { anApp, PASSWORD } from './oauth.fixture';
import { PageClient } from './page-client.harness';

const MAX_FAILURES = 5;
const WRONG = 'not the password';

let harness: IdentityHarness;

beforeAll(async () => {
  harness = await startIdentityHarness({ LOGIN_MAX_FAILURES: String(MAX_FAILURES) });
});

afterAll(() => harness?.stop());

/** A new account; each test has its own, so budgets never mix between tests. */
async function anAccount(login = ''): Promise<{ email: string; login: string }> {
  const account = await harness.client.createStoreAccount(anAccountRequest({ password: PASSWORD, login }));
  return { email: account.user!.email, login: account.user!.login };
}

/** One sign-in from a fresh browser (its own session and CSRF token), with whatever headers the client adds. */
async function signIn(identifier: string, password: string, headers: Record<string, string> = {}): Promise<number> {
  return (await new PageClient(harness.httpUrl, { headers }).signIn(identifier, password)).status;
}

/** The headers the gateway's proxy adds for a client it saw at `address`, signed with `secret`'s key. */
function seenByGateway(address: string, secret = harness.jwtSecret): Record<string, string> {
  return { [CLIENT_ADDRESS_HEADER]: address, [CLIENT_ADDRESS_SIGNATURE_HEADER]: signClientAddress(clientAddressKey(secret), address) };
}

const countOf = (statuses: number[], status: number) => statuses.filter((s) => s === status).length;

describe('sign-in throttling', () => {
  it('answers at most LOGIN_MAX_FAILURES of 40 parallel wrong passwords with 401, the rest and then the right one with 429', async () => {
    const account = await anAccount();

    const statuses = await Promise.all(Array.from({ length: 40 }, () => signIn(account.email, WRONG)));
    const rightAfter = await signIn(account.email, PASSWORD);

    expect(countOf(statuses, 401)).toBeGreaterThan(0);
    expect(countOf(statuses, 401)).toBeLessThanOrEqual(MAX_FAILURES);
    expect(countOf(statuses, 429)).toBe(40 - countOf(statuses, 401));
    expect(rightAfter).toBe(429);
  });

  it('counts failures by e-mail and by login name against the same account', async () => {
    const account = await anAccount('two.names');

    const failures = [];
    for (let attempt = 0; attempt < MAX_FAILURES; attempt++)
      failures.push(await signIn(attempt % 2 ? account.login : account.email, WRONG));

    expect(failures).toEqual(Array(MAX_FAILURES).fill(401));
    expect(await signIn(account.email, PASSWORD)).toBe(429);
    expect(await signIn(account.login, PASSWORD)).toBe(429);
  });

  it('keeps one budget for a client reaching the pages directly, whatever X-Forwarded-For it sends', async () => {
    const account = await anAccount();

    const failures = [];
    for (let n = 1; n <= MAX_FAILURES; n++) failures.push(await signIn(account.email, WRONG, { 'x-forwarded-for': `10.0.0.${n}` }));

    expect(failures).toEqual(Array(MAX_FAILURES).fill(401));
    expect(await signIn(account.email, PASSWORD, { 'x-forwarded-for': '10.0.0.200' })).toBe(429);
  });

  it('ignores a client-address header that the gateway did not sign', async () => {
    const account = await anAccount();
    const forged = (n: number) => ({
      ...seenByGateway(`10.0.1.${n}`, 'a guessed secret, not the one identity holds'),
      'x-forwarded-for': `10.0.0.${n}`,
    });

    const failures = [];
    for (let n = 1; n <= MAX_FAILURES; n++) failures.push(await signIn(account.email, WRONG, forged(n)));
    failures.push(await signIn(account.email, WRONG, { [CLIENT_ADDRESS_HEADER]: '10.0.1.99' }));

    expect(failures).toEqual([...Array(MAX_FAILURES).fill(401), 429]);
    expect(await signIn(account.email, PASSWORD, forged(100))).toBe(429);
  });

  it('throttles by the address the gateway signed, so another client of the gateway keeps its own budget', async () => {
    const account = await anAccount();

    const failures = await Promise.all(
      Array.from({ length: MAX_FAILURES + 2 }, () => signIn(account.email, WRONG, seenByGateway('203.0.113.7'))),
    );

    expect(countOf(failures, 401)).toBe(MAX_FAILURES);
    expect(await signIn(account.email, PASSWORD, seenByGateway('203.0.113.7'))).toBe(429);
    expect(await signIn(account.email, PASSWORD, seenByGateway('::ffff:203.0.113.7'))).toBe(429);
    expect(await signIn(account.email, PASSWORD, seenByGateway('203.0.113.8'))).toBe(303);
    expect(await signIn(account.email, PASSWORD)).toBe(303);
  });

  it("throttles password guesses made through an app's store creation for an existing user (POST /v1/application/stores)", async () => {
    const account = await anAccount();
    const app = await anApp(harness);
    const guess = (password: string) =>
      rejectionOf(
        harness.client.createApplicationStore({
          client_id: app.clientId,
          client_secret: app.clientSecret,
          name: 'Guessing Shop',
          subdomain: `guess-${Math.floor(Math.random() * 1e6)}`,
          owner_login: '',
          owner_email: account.email,
          owner_password: password,
        }),
      );

    const wrong = [];
    for (let attempt = 0; attempt < MAX_FAILURES; attempt++) wrong.push((await guess(`${WRONG} ${attempt}`)).code);
    const right = await guess(PASSWORD);

    expect(wrong).toEqual(Array(MAX_FAILURES).fill(status.INVALID_ARGUMENT));
    expect(right.code).toBe(status.RESOURCE_EXHAUSTED);
    // Sign-in from a browser has a budget of its own: the guesses above do not lock the owner out of it.
    expect(await signIn(account.email, PASSWORD)).toBe(303);
  });

  it('opens again once the window is over', async () => {
    const account = await anAccount();
    await Promise.all(Array.from({ length: MAX_FAILURES + 3 }, () => signIn(account.email, WRONG)));
    expect(await signIn(account.email, PASSWORD)).toBe(429);

    harness.advanceClock(15 * 60_000);

    expect(await signIn(account.email, PASSWORD)).toBe(303);
  });
});
