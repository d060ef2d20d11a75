import http from 'node:http';
import { status } from '@grpc/grpc-js';
import jwt from 'jsonwebtoken';
import { readEmbeddedCollection, type Doc } from '@commerce/persistence';
import { rejectionOf, waitFor } from '@commerce/testing';
import path from 'node:path';
import { startIdentityHarness, type IdentityHarness } from './identity.fixture';
import { aCode, anApp, aSignedInOwner, exchange, PASSWORD, pkcePair, postToken, type RegisteredApp } from './oauth.fixture';
import { hiddenFields, PageClient } from './page-client.harness';

// The owner dashboard's built-in public client (docs/oauth.md#the-dashboards-first-party-client). Without PUBLIC_URL (as here),
// its redirect URI is /admin/callback on the origin the browser asked for.
const DASHBOARD = 'store-dashboard';

let harness: IdentityHarness;
let app: RegisteredApp;

beforeAll(async () => {
  harness = await startIdentityHarness();
  app = await anApp(harness);
});

afterAll(() => harness?.stop());

const callbackUri = () => `${harness.httpUrl}/admin/callback`;
const grantOf = (accessToken: string) => (jwt.decode(accessToken) as jwt.JwtPayload).grant_id as string;

function dashboardQuery(challenge: string, overrides: Record<string, string> = {}): URLSearchParams {
  return new URLSearchParams({
    client_id: DASHBOARD,
    redirect_uri: callbackUri(),
    response_type: 'code',
    scope: 'store_write',
    state: 'dash-1',
    code_challenge: challenge,
    code_challenge_method: 'S256',
    ...overrides,
  });
}

/** The dashboard's sign-in as a signed-in browser does it: the authorize request answers the code at once, no consent page. */
async function dashboardCode(browser: PageClient, challenge: string, overrides: Record<string, string> = {}): Promise<string> {
  const answer = await browser.get(`/oauth/authorize?${dashboardQuery(challenge, overrides)}`);
  const code = new URL(answer.location ?? '/', harness.httpUrl).searchParams.get('code');
  if (answer.status !== 303 || !code) throw new Error(`authorize answered ${answer.status} ${answer.location ?? ''}`);
  return code;
}

/** Tokens for a signed-in owner's dashboard, as the dashboard gets them: a code, then the exchange with its verifier and no secret. */
async function dashboardTokens(owner?: Awaited<ReturnType<typeof aSignedInOwner>>) {
  const signedIn = owner ?? (await aSignedInOwner(harness));
  const pkce = pkcePair();
  const code = await dashboardCode(signedIn.browser, pkce.challenge);
  const answer = await postToken(harness.httpUrl, {
    grant_type: 'authorization_code',
    client_id: DASHBOARD,
    code,
    redirect_uri: callbackUri(),
    code_verifier: pkce.verifier,
  });
  if (answer.status !== 200) throw new Error(`the exchange answered ${answer.status} ${JSON.stringify(answer.body)}`);
  return { ...signedIn, tokens: answer.body as { access_token: string; refresh_token: string; scope: string } };
}

const refresh = (refreshToken: string, extra: Record<string, string> = {}) =>
  postToken(harness.httpUrl, { grant_type: 'refresh_token', client_id: DASHBOARD, refresh_token: refreshToken, ...extra });

/** A GET with the Host header a client chose (fetch always sends the URL's): what a forged request looks like. */
function getWithHost(pathAndQuery: string, host: string, cookies: Record<string, string>): Promise<{ status: number; location?: string }> {
  const cookie = Object.entries(cookies)
    .map(([name, value]) => `${name}=${value}`)
    .join('; ');
  return new Promise((resolve, reject) => {
    const request = http.get(new URL(pathAndQuery, harness.httpUrl), { headers: { host, cookie } }, (response) => {
      response.resume();
      response.on('end', () => resolve({ status: response.statusCode ?? 0, location: response.headers.location }));
    });
    request.on('error', reject);
  });
}

describe("the dashboard's authorization request", () => {
  it('sends a signed-in owner straight back to /admin/callback with a code and the state: no consent page', async () => {
    const { browser } = await aSignedInOwner(harness);

    const answer = await browser.get(`/oauth/authorize?${dashboardQuery(pkcePair().challenge)}`);

    expect(answer.status).toBe(303);
    // A path: the browser resolves it against the address it asked for, whatever Host it sent.
    expect(answer.location).toMatch(/^\/admin\/callback\?code=scc_[A-Za-z0-9_-]{43}&state=dash-1$/);
  });

  it('sends a visitor to sign in first, then back to the dashboard with a code', async () => {
    const owner = await aSignedInOwner(harness);
    const visitor = new PageClient(harness.httpUrl);

    const first = await visitor.get(`/oauth/authorize?${dashboardQuery(pkcePair().challenge)}`);
    const signedIn = await visitor.submit(first.location!, '/signin', { identifier: owner.email, password: PASSWORD });
    const back = await visitor.get(signedIn.location!);

    expect(first.location).toMatch(/^\/signin\?return_to=%2Foauth%2Fauthorize%3F/);
    expect(signedIn.location).toMatch(/^\/oauth\/authorize\?/);
    expect([back.status, back.location]).toEqual([303, expect.stringMatching(/^\/admin\/callback\?code=scc_/)]);
  });

  it('requires PKCE: a request without code_challenge goes back with error=invalid_request and no code', async () => {
    const { browser } = await aSignedInOwner(harness);
    const query = dashboardQuery('');
    query.delete('code_challenge');
    query.delete('code_challenge_method');

    const answer = await browser.get(`/oauth/authorize?${query}`);

    expect(answer.status).toBe(303);
    const redirect = new URL(answer.location!, harness.httpUrl);
    expect(redirect.pathname).toBe('/admin/callback');
    expect(redirect.searchParams.get('error')).toBe('invalid_request');
    expect(redirect.searchParams.get('error_description')).toContain('code_challenge');
    expect(redirect.searchParams.get('state')).toBe('dash-1');
    expect(redirect.searchParams.get('code')).toBeNull();
  });

  it.each([
    ['another origin', () => 'https://attacker.example/admin/callback'],
    ['another path of the platform', () => `${harness.httpUrl}/admin/other`],
    ['a trailing slash', () => `${harness.httpUrl}/admin/callback/`],
    ['https instead of the http the platform is on', () => callbackUri().replace(/^http:/, 'https:')],
    ['the path alone', () => '/admin/callback'],
  ])('shows an error page and never redirects for a redirect_uri on %s', async (_case, redirectUri) => {
    const { browser } = await aSignedInOwner(harness);

    const answer = await browser.get(`/oauth/authorize?${dashboardQuery(pkcePair().challenge, { redirect_uri: redirectUri() })}`);

    expect(answer.status).toBe(400);
    expect(answer.location).toBeUndefined();
    expect(answer.html).toContain('does not match');
  });

  it('sends the code to the origin the browser is on even when the Host header names another', async () => {
    const { browser } = await aSignedInOwner(harness);
    const query = dashboardQuery(pkcePair().challenge, { redirect_uri: 'http://attacker.example/admin/callback' });

    const answer = await getWithHost(`/oauth/authorize?${query}`, 'attacker.example', browser.cookieJar());

    expect(answer.status).toBe(303);
    expect(answer.location).toMatch(/^\/admin\/callback\?code=scc_/);
  });
});

describe("the dashboard's tokens", () => {
  it('exchanges the code with the PKCE verifier and no secret, for the scopes asked', async () => {
    const owner = await aSignedInOwner(harness);

    const { tokens } = await dashboardTokens(owner);

    expect(tokens).toEqual({
      access_token: expect.any(String),
      token_type: 'Bearer',
      expires_in: 3600,
      refresh_token: expect.stringMatching(/^scr_/),
      scope: 'user store_read store_write',
    });
    expect(await harness.client.checkGrant({ grant_id: grantOf(tokens.access_token) })).toEqual({
      active: true,
      user_id: owner.userId,
      store_id: owner.storeId,
      client_id: DASHBOARD,
      scope: 'user store_read store_write',
    });
  });

  it('refuses the exchange without the verifier, or with a wrong one', async () => {
    const { browser } = await aSignedInOwner(harness);
    const pkce = pkcePair();
    const exchangeWith = async (extra: Record<string, string>) =>
      postToken(harness.httpUrl, {
        grant_type: 'authorization_code',
        client_id: DASHBOARD,
        code: await dashboardCode(browser, pkce.challenge),
        redirect_uri: callbackUri(),
        ...extra,
      });

    const missing = await exchangeWith({});
    const wrong = await exchangeWith({ code_verifier: pkcePair().verifier });

    expect([missing.status, missing.body.error]).toEqual([400, 'invalid_grant']);
    expect([wrong.status, wrong.body.error]).toEqual([400, 'invalid_grant']);
  });

  it('refreshes without a secret: the refresh token rotates, and an old one coming back revokes the grant', async () => {
    const { tokens } = await dashboardTokens();

    const next = await refresh(tokens.refresh_token);
    const replay = await refresh(tokens.refresh_token);

    expect(next.status).toBe(200);
    expect(next.body.refresh_token).toMatch(/^scr_/);
    expect(next.body.refresh_token).not.toBe(tokens.refresh_token);
    expect(grantOf(next.body.access_token)).toBe(grantOf(tokens.access_token));
    expect([replay.status, replay.body.error]).toEqual([400, 'invalid_grant']);
    expect((await refresh(next.body.refresh_token)).body.error).toBe('invalid_grant');
    expect((await harness.client.checkGrant({ grant_id: grantOf(tokens.access_token) })).active).toBe(false);
  });

  it.each([
    ['a client_secret parameter', { client_secret: 'scs_anything' }, undefined],
    ['an empty client_secret parameter', { client_secret: '' }, undefined],
    ['HTTP Basic', {}, [DASHBOARD, 'scs_anything'] as [string, string]],
  ])(
    'answers invalid_client to a refresh that authenticates the public client with %s, and spends nothing',
    async (_case, extra, basic) => {
      const { tokens } = await dashboardTokens();

      const answer = await postToken(
        harness.httpUrl,
        { grant_type: 'refresh_token', refresh_token: tokens.refresh_token, ...(basic ? {} : { client_id: DASHBOARD }), ...extra },
        { basic },
      );

      expect([answer.status, answer.body.error]).toEqual([401, 'invalid_client']);
      expect((await refresh(tokens.refresh_token)).status).toBe(200);
    },
  );

  it("refuses another client's code and refresh token as invalid_grant", async () => {
    const owner = await aSignedInOwner(harness);
    const appCode = await aCode(owner.browser, app);
    const appTokens = (await exchange(harness.httpUrl, app, await aCode(owner.browser, app))).body;

    const code = await postToken(harness.httpUrl, {
      grant_type: 'authorization_code',
      client_id: DASHBOARD,
      code: appCode,
      redirect_uri: app.redirectUri,
    });
    const refreshed = await refresh(appTokens.refresh_token);

    expect([code.status, code.body.error]).toEqual([400, 'invalid_grant']);
    expect([refreshed.status, refreshed.body.error]).toEqual([400, 'invalid_grant']);
  });

  it('still asks every other client for its secret', async () => {
    const owner = await aSignedInOwner(harness);
    const tokens = (await exchange(harness.httpUrl, app, await aCode(owner.browser, app))).body;
    const pkce = pkcePair();
    const withPkce = { code_challenge: pkce.challenge, code_challenge_method: 'S256' };
    const code = await aCode(owner.browser, app, withPkce);
    const withoutSecret = { client_id: app.clientId };

    const exchanged = await postToken(harness.httpUrl, {
      grant_type: 'authorization_code',
      code,
      redirect_uri: app.redirectUri,
      code_verifier: pkce.verifier,
      ...withoutSecret,
    });
    const refreshed = await postToken(harness.httpUrl, {
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token,
      ...withoutSecret,
    });
    const revoked = await postToken(harness.httpUrl, { token: tokens.refresh_token, ...withoutSecret }, { path: '/oauth/revoke' });

    for (const answer of [exchanged, refreshed, revoked]) expect([answer.status, answer.body.error]).toEqual([401, 'invalid_client']);
    expect((await harness.client.checkGrant({ grant_id: grantOf(tokens.access_token) })).active).toBe(true);
  });

  it('is no app that can open stores: the application-owner endpoint refuses it', async () => {
    const error = await rejectionOf(
      harness.client.createApplicationStore({
        client_id: DASHBOARD,
        client_secret: '',
        name: 'Not Made',
        subdomain: 'not-made-by-dashboard',
        owner_login: '',
        owner_email: 'not-made@example.com',
        owner_password: PASSWORD,
      }),
    );

    expect(error.code).toBe(status.UNAUTHENTICATED);
  });
});

describe("revoking the dashboard's tokens", () => {
  const revoke = (token: string, extra: Record<string, string> = {}) =>
    postToken(harness.httpUrl, { client_id: DASHBOARD, token, ...extra }, { path: '/oauth/revoke' });

  /** The grant's events once its outbox is empty, so every event its revocation wrote is on the stream. */
  async function eventsOfGrant(grantId: string) {
    const identityDir = path.join(harness.dataDir, 'identity');
    await waitFor(
      () => {
        const [grant] = readEmbeddedCollection<Doc & { id: number; outbox?: unknown[] }>(identityDir, 'grants').filter(
          (stored) => String(stored.id) === grantId,
        );
        return grant !== undefined && (grant.outbox ?? []).length === 0;
      },
      { message: `the outbox of grant ${grantId} relayed` },
    );
    return (await harness.eventsOf('identity')).filter((event) => event.resource_type === 'grant' && String(event.resource_id) === grantId);
  }

  it('revokes the grant with the client id alone: its tokens stop working, and no app/uninstalled is published', async () => {
    const { tokens, storeId } = await dashboardTokens();
    const grantId = grantOf(tokens.access_token);

    const answer = await revoke(tokens.refresh_token);

    expect([answer.status, answer.body]).toEqual([200, {}]);
    expect((await harness.client.checkGrant({ grant_id: grantId })).active).toBe(false);
    expect((await refresh(tokens.refresh_token)).body.error).toBe('invalid_grant');
    const events = await eventsOfGrant(grantId);
    expect(events.map((event) => [event.topic, event.store_id, event.resource.client_id])).toEqual([['grant/revoked', storeId, DASHBOARD]]);
  });

  it('revokes by access token too', async () => {
    const { tokens } = await dashboardTokens();

    expect((await revoke(tokens.access_token)).status).toBe(200);

    expect((await harness.client.checkGrant({ grant_id: grantOf(tokens.access_token) })).active).toBe(false);
  });

  it('answers invalid_client when a secret is sent for it, and revokes nothing', async () => {
    const { tokens } = await dashboardTokens();

    const answer = await revoke(tokens.refresh_token, { client_secret: 'scs_anything' });

    expect([answer.status, answer.body.error]).toEqual([401, 'invalid_client']);
    expect((await harness.client.checkGrant({ grant_id: grantOf(tokens.access_token) })).active).toBe(true);
  });

  it("changes nothing when it names another client's token", async () => {
    const owner = await aSignedInOwner(harness);
    const tokens = (await exchange(harness.httpUrl, app, await aCode(owner.browser, app))).body;

    expect((await revoke(tokens.refresh_token)).status).toBe(200);

    expect((await harness.client.checkGrant({ grant_id: grantOf(tokens.access_token) })).active).toBe(true);
  });
});

describe('the dashboard in the account pages', () => {
  it('is never listed as an authorized app, nor revoked or deleted there', async () => {
    const owner = await aSignedInOwner(harness);
    const { tokens } = await dashboardTokens(owner);

    const panel = await owner.browser.get('/account');
    const csrf = hiddenFields(panel.html).csrf_token;
    const revoked = await owner.browser.post(`/account/authorizations/${DASHBOARD}/revoke`, { csrf_token: csrf });
    const deleted = await owner.browser.post(`/account/apps/${DASHBOARD}/delete`, { csrf_token: csrf });

    expect(panel.status).toBe(200);
    expect(panel.html).toContain('No app is authorized.');
    expect(panel.html).not.toContain(DASHBOARD);
    expect([revoked.status, deleted.status]).toEqual([404, 404]);
    expect((await harness.client.checkGrant({ grant_id: grantOf(tokens.access_token) })).active).toBe(true);
  });
});
