import { status } from '@grpc/grpc-js';
import jwt from 'jsonwebtoken';
import { rejectionOf } from '@commerce/testing';
import { anAccountRequest, startIdentityHarness, type IdentityHarness } from './identity.fixture';
import { aCode, anApp, aSignedInOwner, exchange, PASSWORD, pkcePair, postToken, REDIRECT_URI, type RegisteredApp } from './oauth.fixture';

// The account RPCs the public API's account routes call (docs/oauth.md#the-account-api): a user's developer apps, and the
// apps they authorized. The store's API key is RotateApiKey's (api-key.int.test.ts).

let harness: IdentityHarness;

beforeAll(async () => {
  harness = await startIdentityHarness();
});

afterAll(() => harness?.stop());

const grantOf = (accessToken: string) => (jwt.decode(accessToken) as jwt.JwtPayload).grant_id as string;

/** A user with an account, by id. */
async function aUser(): Promise<{ id: number; email: string }> {
  const account = await harness.client.createStoreAccount(anAccountRequest({ password: PASSWORD }));
  return { id: account.user!.id, email: account.user!.email };
}

const newApp = (ownerUserId: number, name = 'Label Printer') =>
  harness.client.createApp({ name, redirect_uri: REDIRECT_URI, owner_email: '', owner_user_id: ownerUserId });

/** The owner authorizes `app` with `scope` and the app trades the code: answers the access token. */
async function authorize(owner: Awaited<ReturnType<typeof aSignedInOwner>>, app: RegisteredApp, scope = 'store_write'): Promise<string> {
  const answer = await exchange(harness.httpUrl, app, await aCode(owner.browser, app, { scope }));
  if (answer.status !== 200) throw new Error(`the exchange answered ${answer.status}`);
  return answer.body.access_token as string;
}

const uninstalledEvents = async (clientId: string) =>
  (await harness.eventsOf('identity')).filter((event) => event.topic === 'app/uninstalled' && event.resource.client_id === clientId);

describe('CreateApp for a user by id', () => {
  it('registers the app to that user and answers its secret once, keeping only its hash', async () => {
    const developer = await aUser();

    const created = await newApp(developer.id);

    expect(created.app).toEqual({
      client_id: expect.stringMatching(/^sca_/),
      name: 'Label Printer',
      redirect_uri: REDIRECT_URI,
      owner_user_id: developer.id,
      created_at: expect.any(Date),
    });
    expect(created.client_secret).toMatch(/^scs_[A-Za-z0-9_-]{43}$/);
    expect(await harness.datafileText('apps')).not.toContain(created.client_secret);
  });

  it('answers NOT_FOUND for a user id nobody has, and field violations for a bad app', async () => {
    expect((await rejectionOf(newApp(987_654))).code).toBe(status.NOT_FOUND);

    const developer = await aUser();
    const refused = await rejectionOf(
      harness.client.createApp({ name: ' ', redirect_uri: 'http://labels.example/cb', owner_email: '', owner_user_id: developer.id }),
    );
    expect(refused.code).toBe(status.INVALID_ARGUMENT);
    expect(Object.keys(refused.fieldViolations ?? {})).toEqual(['name', 'redirect_uri']);
  });
});

describe('ListApps', () => {
  it("answers the user's own live apps, oldest first, never a secret or another user's app", async () => {
    const [developer, other] = await Promise.all([aUser(), aUser()]);
    const first = await newApp(developer.id, 'First');
    const second = await newApp(developer.id, 'Second');
    await newApp(other.id, 'Not Mine');

    const { apps } = await harness.client.listApps({ owner_user_id: developer.id });

    expect(apps.map((app) => [app.client_id, app.name])).toEqual([
      [first.app!.client_id, 'First'],
      [second.app!.client_id, 'Second'],
    ]);
    expect(JSON.stringify(apps)).not.toContain('scs_');
  });

  it('refuses a request without a user', async () => {
    const refused = await rejectionOf(harness.client.listApps({ owner_user_id: 0 }));

    expect([refused.code, refused.message]).toEqual([status.INVALID_ARGUMENT, 'owner_user_id is required']);
  });
});

describe('DeleteApp', () => {
  it("answers NOT_FOUND for another user's app, and leaves it working", async () => {
    const [developer, intruder] = await Promise.all([aUser(), aUser()]);
    const { app } = await newApp(developer.id);

    const refused = await rejectionOf(harness.client.deleteApp({ owner_user_id: intruder.id, client_id: app!.client_id }));

    expect(refused.code).toBe(status.NOT_FOUND);
    expect((await harness.client.listApps({ owner_user_id: developer.id })).apps.map((listed) => listed.client_id)).toEqual([
      app!.client_id,
    ]);
  });

  it("deletes the app, revokes every user's authorization of it with app/uninstalled, and answers the app as it was", async () => {
    const developer = await aSignedInOwner(harness);
    const created = await newApp(developer.userId, 'Short Lived');
    const app = { clientId: created.app!.client_id, clientSecret: created.client_secret, redirectUri: REDIRECT_URI };
    const users = [await aSignedInOwner(harness), await aSignedInOwner(harness)];
    const grants = await Promise.all(users.map(async (user) => grantOf(await authorize(user, app))));

    const deleted = await harness.client.deleteApp({ owner_user_id: developer.userId, client_id: app.clientId });

    expect(deleted.app).toMatchObject({ client_id: app.clientId, name: 'Short Lived', owner_user_id: developer.userId });
    expect((await harness.client.listApps({ owner_user_id: developer.userId })).apps).toEqual([]);
    for (const grantId of grants) expect((await harness.client.checkGrant({ grant_id: grantId })).active).toBe(false);
    await harness.waitForEvents(
      'identity',
      2,
      { where: (event) => event.topic === 'app/uninstalled' && event.resource.client_id === app.clientId },
      { message: "app/uninstalled for both users' authorizations" },
    );
    expect((await uninstalledEvents(app.clientId)).map((event) => event.resource.user_id).sort()).toEqual(
      users.map((user) => user.userId).sort(),
    );
    // Its secret no longer buys a token, and a second delete finds nothing.
    const refresh = await postToken(
      harness.httpUrl,
      { grant_type: 'refresh_token', refresh_token: 'scr_x' },
      { basic: [app.clientId, app.clientSecret] },
    );
    expect(refresh.body.error).toBe('invalid_client');
    expect((await rejectionOf(harness.client.deleteApp({ owner_user_id: developer.userId, client_id: app.clientId }))).code).toBe(
      status.NOT_FOUND,
    );
  });
});

describe('ListAuthorizedApps and RevokeAppAuthorization', () => {
  let app: RegisteredApp;

  beforeAll(async () => {
    app = await anApp(harness);
  });

  it('tells the user on the consent page what the account scope lets the app do', async () => {
    const owner = await aSignedInOwner(harness);

    const consent = await owner.browser.get(
      `/oauth/authorize?${new URLSearchParams({ client_id: app.clientId, response_type: 'code', scope: 'account', state: 's' })}`,
    );

    expect(consent.status).toBe(200);
    expect(consent.html).toContain('replace your store&#39;s API key (the current key stops working at once)');
    expect(consent.html).toContain('see and revoke the apps you authorized');
  });

  it("lists each app the user authorized once, with every scope its grants hold, and not the owner dashboard's grant", async () => {
    const owner = await aSignedInOwner(harness);
    await authorize(owner, app, '');
    await authorize(owner, app, 'store_write account');
    await dashboardSignIn(owner);

    const { apps } = await harness.client.listAuthorizedApps({ user_id: owner.userId });

    expect(apps).toEqual([
      {
        client_id: app.clientId,
        name: 'Inventory Sync',
        scopes: ['user', 'store_read', 'store_write', 'account'],
        authorized_at: expect.any(Date),
      },
    ]);
  });

  it('ends every grant of the user to the app, publishes app/uninstalled once, and answers what was revoked', async () => {
    const owner = await aSignedInOwner(harness);
    const other = await aSignedInOwner(harness);
    const grants = [grantOf(await authorize(owner, app)), grantOf(await authorize(owner, app, ''))];
    const othersGrant = grantOf(await authorize(other, app));

    const revoked = await harness.client.revokeAppAuthorization({ user_id: owner.userId, client_id: app.clientId });

    expect(revoked).toEqual({
      app: {
        client_id: app.clientId,
        name: 'Inventory Sync',
        scopes: ['user', 'store_read', 'store_write'],
        authorized_at: expect.any(Date),
      },
      revoked_grants: 2,
    });
    for (const grantId of grants) expect((await harness.client.checkGrant({ grant_id: grantId })).active).toBe(false);
    expect((await harness.client.checkGrant({ grant_id: othersGrant })).active).toBe(true);
    expect((await harness.client.listAuthorizedApps({ user_id: owner.userId })).apps).toEqual([]);
    await harness.waitForEvents(
      'identity',
      1,
      { where: (event) => event.topic === 'app/uninstalled' && event.resource.user_id === owner.userId },
      { message: 'app/uninstalled' },
    );
    expect((await uninstalledEvents(app.clientId)).filter((event) => event.resource.user_id === owner.userId)).toHaveLength(1);
  });

  it('answers NOT_FOUND for an app the user has not authorized (again), an unknown one, and the owner dashboard', async () => {
    const owner = await aSignedInOwner(harness);
    await authorize(owner, app);
    await harness.client.revokeAppAuthorization({ user_id: owner.userId, client_id: app.clientId });
    const dashboardGrant = await dashboardSignIn(owner);

    for (const clientId of [app.clientId, 'sca_unknown', 'store-dashboard']) {
      const refused = await rejectionOf(harness.client.revokeAppAuthorization({ user_id: owner.userId, client_id: clientId }));
      expect([clientId, refused.code]).toEqual([clientId, status.NOT_FOUND]);
    }
    expect((await harness.client.checkGrant({ grant_id: dashboardGrant })).active).toBe(true);
  });
});

/** The owner signs in to the dashboard (its built-in client, no consent): answers the grant id. */
async function dashboardSignIn(owner: Awaited<ReturnType<typeof aSignedInOwner>>): Promise<string> {
  const pkce = pkcePair();
  const redirectUri = `${harness.httpUrl}/admin/callback`;
  const query = new URLSearchParams({
    client_id: 'store-dashboard',
    redirect_uri: redirectUri,
    response_type: 'code',
    scope: 'store_write account',
    state: 's',
    code_challenge: pkce.challenge,
    code_challenge_method: 'S256',
  });
  const authorized = await owner.browser.get(`/oauth/authorize?${query}`);
  const code = new URL(authorized.location ?? '/', harness.httpUrl).searchParams.get('code') ?? '';
  const answer = await postToken(harness.httpUrl, {
    grant_type: 'authorization_code',
    client_id: 'store-dashboard',
    code,
    redirect_uri: redirectUri,
    code_verifier: pkce.verifier,
  });
  if (answer.status !== 200) throw new Error(`the dashboard's exchange answered ${answer.status}`);
  expect(answer.body.scope).toBe('user store_read store_write account');
  return grantOf(answer.body.access_token as string);
}
