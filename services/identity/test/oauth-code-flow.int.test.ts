import jwt from 'jsonwebtoken';
import { startIdentityHarness, type IdentityHarness } from './identity.fixture';
import { hiddenFields, PageClient } from './page-client.harness';
import { aCode, anApp, aSignedInOwner, exchange, pkcePair, postToken, REDIRECT_URI, type RegisteredApp } from './oauth.fixture';

let harness: IdentityHarness;
let app: RegisteredApp;

beforeAll(async () => {
  harness = await startIdentityHarness();
  app = await anApp(harness);
});

afterAll(() => harness?.stop());

const authorizeQuery = (overrides: Record<string, string> = {}) =>
  new URLSearchParams({
    client_id: app.clientId,
    redirect_uri: app.redirectUri,
    response_type: 'code',
    scope: 'store_write',
    state: 's-1',
    ...overrides,
  });

describe('the authorization dialog', () => {
  it('sends a visitor to sign in first, then back to the consent page that lists the scopes', async () => {
    const owner = await aSignedInOwner(harness);
    const visitor = new PageClient(harness.httpUrl);

    const first = await visitor.get(`/oauth/authorize?${authorizeQuery()}`);
    expect(first.status).toBe(303);
    expect(first.location).toMatch(/^\/signin\?return_to=%2Foauth%2Fauthorize%3F/);
    const signedIn = await visitor.submit(first.location!, '/signin', { identifier: owner.email, password: 'correct horse battery' });
    expect(signedIn.status).toBe(303);
    expect(signedIn.location).toMatch(/^\/oauth\/authorize\?/);

    const consent = await visitor.get(signedIn.location!);
    expect(consent.status).toBe(200);
    expect(consent.html).toContain('Authorize Inventory Sync');
    for (const scope of ['user', 'store_read', 'store_write']) expect(consent.html).toContain(`<strong>${scope}</strong>`);
  });

  it('redirects to the registered URI with a code and the state once the user approves', async () => {
    const { browser } = await aSignedInOwner(harness);

    const redirect = await browser.approve(Object.fromEntries(authorizeQuery({ state: 'opaque state/with spaces' })));

    expect(`${redirect.origin}${redirect.pathname}`).toBe(app.redirectUri);
    expect(redirect.searchParams.get('code')).toMatch(/^scc_[A-Za-z0-9_-]{43}$/);
    expect(redirect.searchParams.get('state')).toBe('opaque state/with spaces');
  });

  it('redirects with error=access_denied when the user denies', async () => {
    const { browser } = await aSignedInOwner(harness);

    const redirect = await browser.approve(Object.fromEntries(authorizeQuery()), 'deny');

    expect(redirect.searchParams.get('error')).toBe('access_denied');
    expect(redirect.searchParams.get('state')).toBe('s-1');
    expect(redirect.searchParams.get('code')).toBeNull();
  });

  it.each([
    ['an unregistered redirect_uri', { redirect_uri: 'https://attacker.example/callback' }, 'does not match'],
    ['a redirect_uri that differs by a trailing slash', { redirect_uri: 'http://127.0.0.1:9999/callback/' }, 'does not match'],
    ['an unknown client', { client_id: 'sca_unknown' }, 'not registered'],
  ])('shows an error page and never redirects for %s', async (_case, overrides, message) => {
    const { browser } = await aSignedInOwner(harness);

    const answer = await browser.get(`/oauth/authorize?${authorizeQuery(overrides)}`);

    expect(answer.status).toBe(400);
    expect(answer.location).toBeUndefined();
    expect(answer.html).toContain(message);
  });

  it.each([
    ['an unknown scope', { scope: 'store_write admin' }, 'invalid_scope'],
    ['response_type=token', { response_type: 'token' }, 'unsupported_response_type'],
    ['PKCE with the plain method', { code_challenge: 'a'.repeat(43), code_challenge_method: 'plain' }, 'invalid_request'],
  ])('tells the app through its redirect URI about %s', async (_case, overrides, error) => {
    const { browser } = await aSignedInOwner(harness);

    const answer = await browser.get(`/oauth/authorize?${authorizeQuery(overrides)}`);

    expect(answer.status).toBe(303);
    const redirect = new URL(answer.location!);
    expect(redirect.searchParams.get('error')).toBe(error);
    expect(redirect.searchParams.get('state')).toBe('s-1');
  });
});

describe('repeated authorization parameters (RFC 6749 §3.1)', () => {
  const pkce = pkcePair();
  const withPkce = () => authorizeQuery({ code_challenge: pkce.challenge, code_challenge_method: 'S256' });

  it.each([
    ['redirect_uri', 'https://attacker.example/callback'],
    ['redirect_uri', REDIRECT_URI],
    ['client_id', 'sca_other'],
    ['response_type', 'code'],
    ['scope', 'user'],
    ['state', 's-2'],
    ['code_challenge', pkcePair().challenge],
    ['code_challenge_method', 'S256'],
  ])('shows an error page (400) and never redirects for a repeated %s (second value %s)', async (name, second) => {
    const { browser } = await aSignedInOwner(harness);
    const query = withPkce();
    query.append(name, second);

    const answer = await browser.get(`/oauth/authorize?${query}`);

    expect(answer.status).toBe(400);
    expect(answer.location).toBeUndefined();
    expect(answer.html).toContain('Authorization failed');
    expect(answer.html).toContain(`${name} was given more than once`);
  });

  it('refuses a repeated parameter before sign-in too, and in the posted consent form', async () => {
    const { browser } = await aSignedInOwner(harness);
    const query = authorizeQuery();
    query.append('redirect_uri', 'https://attacker.example/callback');
    const consent = await browser.get(`/oauth/authorize?${authorizeQuery()}`);
    const form = new URLSearchParams({ ...hiddenFields(consent.html), decision: 'approve' });
    form.append('redirect_uri', 'https://attacker.example/callback');

    const visitor = await new PageClient(harness.httpUrl).get(`/oauth/authorize?${query}`);
    const posted = await browser.postForm('/oauth/authorize', form);

    expect([visitor.status, visitor.location]).toEqual([400, undefined]);
    expect([posted.status, posted.location]).toEqual([400, undefined]);
    expect(posted.html).toContain('redirect_uri was given more than once');
  });
});

describe('POST /oauth/token with grant_type=authorization_code', () => {
  it('answers the RFC 6749 token response, not cacheable, with a JWT the gateway can verify', async () => {
    const { browser, userId, storeId } = await aSignedInOwner(harness);
    const code = await aCode(browser, app, { scope: 'store_write' });

    const answer = await exchange(harness.httpUrl, app, code);

    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect(answer.body).toEqual({
      access_token: expect.any(String),
      token_type: 'Bearer',
      expires_in: 3600,
      refresh_token: expect.stringMatching(/^scr_/),
      scope: 'user store_read store_write',
    });
    const claims = jwt.verify(answer.body.access_token, harness.jwtSecret, {
      algorithms: ['HS256'],
      issuer: 'store-commerce',
      audience: 'store-commerce-api',
    }) as jwt.JwtPayload;
    expect(claims).toMatchObject({
      sub: String(userId),
      store_id: storeId,
      client_id: app.clientId,
      scope: 'user store_read store_write',
      grant_id: expect.stringMatching(/^\d+$/),
    });
    expect(await harness.client.checkGrant({ grant_id: claims.grant_id })).toEqual({
      active: true,
      user_id: userId,
      store_id: storeId,
      client_id: app.clientId,
      scope: 'user store_read store_write',
    });
  });

  it('takes every parameter from the query string and the client from HTTP Basic', async () => {
    const { browser } = await aSignedInOwner(harness);
    const code = await aCode(browser, app);

    const answer = await postToken(
      harness.httpUrl,
      { grant_type: 'authorization_code', code, redirect_uri: app.redirectUri },
      { basic: [app.clientId, app.clientSecret], inQuery: true },
    );

    expect(answer.status).toBe(200);
    expect(answer.body.scope).toBe('user store_read');
  });

  it('refuses a code used twice with invalid_grant and revokes what the first use issued', async () => {
    const { browser } = await aSignedInOwner(harness);
    const code = await aCode(browser, app);
    const first = await exchange(harness.httpUrl, app, code);
    const grantId = (jwt.decode(first.body.access_token) as jwt.JwtPayload).grant_id as string;

    const second = await exchange(harness.httpUrl, app, code);

    expect(second.status).toBe(400);
    expect(second.body).toEqual({ error: 'invalid_grant', error_description: expect.stringContaining('already used') });
    expect((await harness.client.checkGrant({ grant_id: grantId })).active).toBe(false);
    const refreshed = await postToken(harness.httpUrl, {
      grant_type: 'refresh_token',
      refresh_token: first.body.refresh_token,
      client_id: app.clientId,
      client_secret: app.clientSecret,
    });
    expect(refreshed.body.error).toBe('invalid_grant');
  });

  it('refuses a code once its 5 minutes are over', async () => {
    const { browser } = await aSignedInOwner(harness);
    const code = await aCode(browser, app);
    harness.advanceClock(5 * 60_000 + 1);

    const answer = await exchange(harness.httpUrl, app, code);

    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ error: 'invalid_grant', error_description: 'The authorization code has expired' });
  });

  it("refuses a redirect_uri other than the authorization request's", async () => {
    const { browser } = await aSignedInOwner(harness);
    const code = await aCode(browser, app);

    const answer = await exchange(harness.httpUrl, app, code, { redirect_uri: 'http://127.0.0.1:9999/other' });

    expect(answer.status).toBe(400);
    expect(answer.body.error).toBe('invalid_grant');
  });

  it('refuses a code issued to another client, as invalid_grant', async () => {
    const other = await anApp(harness);
    const { browser } = await aSignedInOwner(harness);
    const code = await aCode(browser, app);

    const answer = await exchange(harness.httpUrl, other, code);

    expect(answer.body.error).toBe('invalid_grant');
  });

  it('checks PKCE S256: the right verifier passes, a wrong or missing one fails', async () => {
    const { browser } = await aSignedInOwner(harness);
    const pkce = pkcePair();
    const pkceQuery = { code_challenge: pkce.challenge, code_challenge_method: 'S256' };

    const wrong = await exchange(harness.httpUrl, app, await aCode(browser, app, pkceQuery), { code_verifier: pkcePair().verifier });
    const missing = await exchange(harness.httpUrl, app, await aCode(browser, app, pkceQuery));
    const right = await exchange(harness.httpUrl, app, await aCode(browser, app, pkceQuery), { code_verifier: pkce.verifier });

    expect(wrong.body).toEqual({ error: 'invalid_grant', error_description: 'code_verifier does not match the code_challenge' });
    expect(missing.body.error).toBe('invalid_grant');
    expect(right.status).toBe(200);
  });

  it.each([
    ['a wrong secret', { client_secret: 'scs_wrong' }],
    ['no secret', { client_secret: '' }],
    ['an unknown client', { client_id: 'sca_unknown' }],
  ])('answers 401 invalid_client with WWW-Authenticate for %s', async (_case, overrides) => {
    const answer = await postToken(harness.httpUrl, {
      grant_type: 'authorization_code',
      code: 'scc_x',
      redirect_uri: app.redirectUri,
      client_id: app.clientId,
      client_secret: app.clientSecret,
      ...overrides,
    });

    expect(answer.status).toBe(401);
    expect(answer.body).toEqual({ error: 'invalid_client', error_description: 'Client authentication failed' });
    expect(answer.headers.get('www-authenticate')).toMatch(/^Basic /);
  });

  it('answers unsupported_grant_type and invalid_request in RFC 6749 bodies', async () => {
    const credentials = { client_id: app.clientId, client_secret: app.clientSecret };

    const password = await postToken(harness.httpUrl, { grant_type: 'password', ...credentials });
    const none = await postToken(harness.httpUrl, credentials);
    const both = await postToken(
      harness.httpUrl,
      { grant_type: 'authorization_code', code: 'x', ...credentials },
      { basic: [app.clientId, app.clientSecret] },
    );

    expect([password.status, password.body.error]).toEqual([400, 'unsupported_grant_type']);
    expect([none.status, none.body.error]).toEqual([400, 'invalid_request']);
    expect([both.status, both.body.error]).toEqual([400, 'invalid_request']);
  });

  it('stores codes only as hashes', async () => {
    const { browser } = await aSignedInOwner(harness);
    const code = await aCode(browser, app);

    expect(await harness.datafileText('authorization_codes')).not.toContain(code);
  });
});
