import { createHash, randomBytes } from 'node:crypto';
import { streamEvents, waitFor } from '@commerce/testing';
import { connect } from 'nats';
import { json, storectl } from '../support/stack.harness';
import { anOwner, PageClient, PASSWORD, startOAuthStack, type OAuthStack } from './oauth-stack.fixture';

let oauth: OAuthStack;

beforeAll(async () => {
  oauth = await startOAuthStack('oauthapi');
});

afterAll(() => oauth?.stop());

const api = (pathAndQuery: string, init: RequestInit = {}) => fetch(`${oauth.stack.baseUrl}${pathAndQuery}`, init);
const bearer = (token: string, extra: Record<string, string> = {}) => ({ headers: { authorization: `Bearer ${token}`, ...extra } });
const form = (params: Record<string, string>) => ({
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams(params).toString(),
});

/** A browser through the gateway, signed in as the user. */
async function signedIn(email: string): Promise<PageClient> {
  const browser = new PageClient(oauth.stack.baseUrl);
  const answer = await browser.signIn(email, PASSWORD);
  if (answer.status !== 303) throw new Error(`sign-in through the gateway answered ${answer.status}`);
  return browser;
}

async function codeFor(browser: PageClient, extra: Record<string, string> = {}): Promise<string> {
  const redirect = await browser.approve({
    client_id: oauth.app.client_id,
    redirect_uri: oauth.app.redirect_uri,
    response_type: 'code',
    state: 'st',
    ...extra,
  });
  return redirect.searchParams.get('code')!;
}

const exchange = (code: string, extra: Record<string, string> = {}) =>
  api(
    '/oauth/token',
    form({
      grant_type: 'authorization_code',
      code,
      redirect_uri: oauth.app.redirect_uri,
      client_id: oauth.app.client_id,
      client_secret: oauth.app.client_secret,
      ...extra,
    }),
  );

async function tokensFor(browser: PageClient, scope = ''): Promise<{ access_token: string; refresh_token: string }> {
  return (await json(await exchange(await codeFor(browser, { scope })))) as { access_token: string; refresh_token: string };
}

describe('scopes, stores and the user through the gateway', () => {
  it('enforces the scope table: reads need store_read, writes store_write, naming the missing scope', async () => {
    const owner = await anOwner(oauth.env, 'scoped');
    const { access_token } = await tokensFor(await signedIn(owner.email));

    const read = await api('/v1/store', bearer(access_token));
    const write = await api('/v1/store', {
      method: 'PUT',
      ...bearer(access_token, { 'content-type': 'application/json' }),
      body: '{"name":"Nope"}',
    });

    expect(read.status).toBe(200);
    expect(write.status).toBe(403);
    const body = await json(write);
    expect(body.meta).toMatchObject({ code: 403, error_type: 'InsufficientScope' });
    expect(body.error).toContain('store_write');
  });

  it('lets an app reach the catalog and shipping within its scopes', async () => {
    const owner = await anOwner(oauth.env, 'catalogapp');
    const reader = (await tokensFor(await signedIn(owner.email))).access_token;
    const writer = (await tokensFor(await signedIn(owner.email), 'store_write')).access_token;
    const product = JSON.stringify({ name: 'Oolong', price: '12.50' });

    const refused = await api('/v1/products.json', {
      method: 'POST',
      ...bearer(reader, { 'content-type': 'application/json' }),
      body: product,
    });
    expect(refused.status).toBe(403);
    expect((await json(refused)).error).toContain('store_write');

    const created = await api('/v1/products.json', {
      method: 'POST',
      ...bearer(writer, { 'content-type': 'application/json' }),
      body: product,
    });
    expect(created.status).toBe(200);
    const { id } = (await json(created)).data;
    const read = await api(`/v1/products/${id}.json?access_token=${reader}`, {});
    expect((await json(read)).data).toMatchObject({ id, name: 'Oolong', cents: 1250 });
    expect((await api('/v1/shipping_groups.json', bearer(reader))).status).toBe(200);
    expect(
      (
        await api('/v1/collections.json', {
          method: 'POST',
          ...bearer(reader, { 'content-type': 'application/json' }),
          body: '{"name":"x"}',
        })
      ).status,
    ).toBe(403);
  });

  it("answers 403 to a store_read token resending a webhook create's Idempotency-Key, never the kept answer and its secret", async () => {
    const owner = await anOwner(oauth.env, 'replayscope');
    const reader = (await tokensFor(await signedIn(owner.email))).access_token;
    const writer = (await tokensFor(await signedIn(owner.email), 'store_write')).access_token;
    const create = (token: string) =>
      api('/v1/webhooks.json', {
        method: 'POST',
        ...bearer(token, { 'content-type': 'application/json', 'idempotency-key': 'hook-once' }),
        body: JSON.stringify({ url: 'https://93.184.215.14/hook', events: ['order/paid'] }),
      });

    const created = await create(writer);
    expect(created.status).toBe(200);
    const answer = await created.text();
    expect(JSON.parse(answer).data.secret).toMatch(/^whsec_/);

    const replayedToReader = await create(reader);
    const refused = await replayedToReader.text();
    expect(replayedToReader.status).toBe(403);
    expect(JSON.parse(refused).meta).toMatchObject({ code: 403, error_type: 'InsufficientScope' });
    expect(refused).not.toContain('whsec_');

    const replayedToWriter = await create(writer);
    expect(replayedToWriter.headers.get('idempotent-replayed')).toBe('true');
    expect(await replayedToWriter.text()).toBe(answer);
  });

  it('answers 403 OAuthRequired to GET /v1/me with an API key', async () => {
    const owner = await anOwner(oauth.env, 'keyme');

    const answer = await api(`/v1/me?api_key=${owner.api_key}`);

    expect(answer.status).toBe(403);
    expect((await json(answer)).meta).toMatchObject({ code: 403, error_type: 'OAuthRequired' });
  });

  it('answers 405 to a user without a store, lets them create one once, then serves the store', async () => {
    const browser = new PageClient(oauth.stack.baseUrl);
    expect((await browser.signUp('nostore@example.com', PASSWORD)).status).toBe(303);
    const { access_token } = await tokensFor(browser, 'store_write');

    const before = await api('/v1/store.json', bearer(access_token));
    expect(before.status).toBe(405);
    expect((await json(before)).error).toBe('This API call requires a store. Create one with POST /v1/stores');

    const created = await api('/v1/stores.json', {
      method: 'POST',
      ...bearer(access_token, { 'content-type': 'application/json' }),
      body: JSON.stringify({ name: 'Fresh Shop', subdomain: 'freshshop' }),
    });
    expect(created.status).toBe(200);
    const store = (await json(created)).data;
    expect(store).toMatchObject({ name: 'Fresh Shop', subdomain: 'freshshop' });

    const after = await api('/v1/store', bearer(access_token));
    expect(after.status).toBe(200);
    expect((await json(after)).data.id).toBe(store.id);
    const again = await api('/v1/stores', {
      ...form({ name: 'Second', subdomain: 'secondshop' }),
      headers: { authorization: `Bearer ${access_token}`, 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(again.status).toBe(409);
  });

  it('creates a user and store for the application owner, with a ready access token beside the store', async () => {
    const answer = await api(
      '/v1/application/stores.json',
      form({
        client_id: oauth.app.client_id,
        secret: oauth.app.client_secret,
        name: 'App Made Shop',
        subdomain: 'appmade',
        'owner[login]': 'appmade.owner',
        'owner[email]': 'appmade@example.com',
        'owner[password]': PASSWORD,
      }),
    );

    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    const body = await json(answer);
    expect(body).toMatchObject({
      data: { name: 'App Made Shop', subdomain: 'appmade' },
      meta: { code: 200 },
      access_token: expect.any(String),
      token_type: 'Bearer',
      scope: 'user store_read store_write',
    });
    const me = await json(await api(`/v1/me?access_token=${body.access_token}`));
    expect(me.data).toMatchObject({ email: 'appmade@example.com', login: 'appmade.owner' });
    expect((await json(await api(`/v1/store?access_token=${body.access_token}`))).data.id).toBe(body.data.id);
  });

  it('refuses the application-owner endpoint with a wrong secret (401) or a bad owner (422, owner[email])', async () => {
    const base = {
      client_id: oauth.app.client_id,
      name: 'X',
      subdomain: 'appmade2',
      'owner[email]': 'appmade2@example.com',
      'owner[password]': PASSWORD,
    };

    const wrongSecret = await api('/v1/application/stores', form({ ...base, secret: 'scs_wrong' }));
    const badOwner = await api(
      '/v1/application/stores',
      form({ ...base, secret: oauth.app.client_secret, 'owner[email]': 'not-an-email' }),
    );

    expect(wrongSecret.status).toBe(401);
    expect(badOwner.status).toBe(422);
    expect((await json(badOwner)).meta.errors).toEqual({ 'owner[email]': [expect.any(String)] });
  });
});

describe('conformance negatives through the gateway', () => {
  it('refuses a reused code with invalid_grant and revokes the tokens it issued', async () => {
    const owner = await anOwner(oauth.env, 'reuse');
    const code = await codeFor(await signedIn(owner.email));
    const first = await json(await exchange(code));

    const second = await exchange(code);

    expect(second.status).toBe(400);
    expect(second.headers.get('cache-control')).toBe('no-store');
    expect((await json(second)).error).toBe('invalid_grant');
    await waitFor(async () => (await api(`/v1/store?access_token=${first.access_token}`)).status === 401, {
      timeoutMs: 5_000,
      message: 'the first token to die',
    });
  });

  it('shows an error page, never a redirect, for a redirect_uri that is not registered', async () => {
    const owner = await anOwner(oauth.env, 'wrongredir');
    const browser = await signedIn(owner.email);

    const answer = await browser.get(
      `/oauth/authorize?client_id=${oauth.app.client_id}&redirect_uri=${encodeURIComponent('https://evil.example/cb')}&response_type=code`,
    );

    expect(answer.status).toBe(400);
    expect(answer.location).toBeUndefined();
  });

  it('refuses a wrong PKCE verifier, a wrong client secret, and an old refresh token', async () => {
    const owner = await anOwner(oauth.env, 'negatives');
    const browser = await signedIn(owner.email);
    const verifier = randomBytes(32).toString('base64url');
    const challenge = createHash('sha256').update(verifier).digest('base64url');

    const badVerifier = await exchange(await codeFor(browser, { code_challenge: challenge, code_challenge_method: 'S256' }), {
      code_verifier: randomBytes(32).toString('base64url'),
    });
    const wrongSecret = await exchange(await codeFor(browser), { client_secret: 'scs_wrong' });
    const tokens = await tokensFor(browser);
    const refresh = (token: string) =>
      api(
        `/oauth/token?grant_type=refresh_token&refresh_token=${token}` +
          `&client_id=${oauth.app.client_id}&client_secret=${oauth.app.client_secret}`,
        { method: 'POST' },
      );
    const rotated = await refresh(tokens.refresh_token);
    const replayed = await refresh(tokens.refresh_token);

    expect([badVerifier.status, (await json(badVerifier)).error]).toEqual([400, 'invalid_grant']);
    expect([wrongSecret.status, (await json(wrongSecret)).error]).toEqual([401, 'invalid_client']);
    expect(rotated.status).toBe(200);
    expect([replayed.status, (await json(replayed)).error]).toEqual([400, 'invalid_grant']);
  });
});

describe('the account panel through the gateway', () => {
  it("regenerates the store's API key: the old key dies at once", async () => {
    const owner = await anOwner(oauth.env, 'regen');
    const browser = await signedIn(owner.email);

    const page = await browser.submit('/account', '/account/api-key', {});

    const newKey = /data-field="API key">(sck_[^<]+)</.exec(page.html)![1];
    await waitFor(async () => (await api(`/v1/store?api_key=${owner.api_key}`)).status === 401, {
      timeoutMs: 5_000,
      message: 'the old key to die',
    });
    expect((await api(`/v1/store?api_key=${newKey}`)).status).toBe(200);
  });

  it('deletes a developer app: the tokens users gave it die on the gateway within seconds', async () => {
    const developer = await anOwner(oauth.env, 'appdev');
    const created = await storectl(oauth.env, [
      'app',
      'create',
      '--name',
      'Short Lived',
      '--redirect-uri',
      oauth.app.redirect_uri,
      '--owner-email',
      developer.email,
    ]);
    const app = created.json as { client_id: string; client_secret: string };
    const user = await signedIn((await anOwner(oauth.env, 'appuser')).email);
    const redirect = await user.approve({
      client_id: app.client_id,
      redirect_uri: oauth.app.redirect_uri,
      response_type: 'code',
      state: 'st',
    });
    const code = redirect.searchParams.get('code')!;
    const tokens = await json(
      await api(
        '/oauth/token',
        form({
          grant_type: 'authorization_code',
          code,
          redirect_uri: oauth.app.redirect_uri,
          client_id: app.client_id,
          client_secret: app.client_secret,
        }),
      ),
    );
    expect((await api('/v1/store', bearer(tokens.access_token))).status).toBe(200);

    await (await signedIn(developer.email)).submit('/account', `/account/apps/${app.client_id}/delete`, {});

    await waitFor(async () => (await api('/v1/store', bearer(tokens.access_token))).status === 401, {
      timeoutMs: 5_000,
      message: "the deleted app's token to die",
    });
  });

  it('revokes an authorized app: its tokens stop working and app/uninstalled is published', async () => {
    const owner = await anOwner(oauth.env, 'uninstall');
    const browser = await signedIn(owner.email);
    const { access_token } = await tokensFor(browser);
    expect((await api(`/v1/store?access_token=${access_token}`)).status).toBe(200);

    const revoked = await browser.submit('/account', `/account/authorizations/${oauth.app.client_id}/revoke`, {});

    expect(revoked.status).toBe(303);
    await waitFor(async () => (await api(`/v1/store?access_token=${access_token}`)).status === 401, {
      timeoutMs: 5_000,
      message: 'the token to die',
    });
    const nc = await connect({ servers: oauth.stack.info().nats_url });
    try {
      const jsm = await nc.jetstreamManager();
      const uninstalled = await waitFor(
        async () =>
          (await streamEvents(jsm, 'identity')).find((event) => event.topic === 'app/uninstalled' && event.store_id === owner.store.id),
        { timeoutMs: 5_000, message: 'app/uninstalled on the identity stream' },
      );
      expect(uninstalled.resource).toMatchObject({
        client_id: oauth.app.client_id,
        app_name: 'Stock Sync',
        user_id: owner.user.id,
        store_id: owner.store.id,
      });
    } finally {
      await nc.close();
    }
  });

  it('sets the session cookie HttpOnly and SameSite=Lax through the proxy', async () => {
    const browser = new PageClient(oauth.stack.baseUrl);
    await browser.get('/signin');

    expect(browser.setCookies[0]).toMatch(/^sc_session=[^;]+; Max-Age=\d+; Path=\/; Expires=[^;]+; HttpOnly; SameSite=Lax$/);
  });
});

describe("the owner dashboard's client through the gateway", () => {
  const DASHBOARD = 'store-dashboard';
  /** PUBLIC_URL, as the launcher sets it: the dashboard's redirect URI is on it. */
  const platform = () => oauth.env.PUBLIC_URL ?? `http://localhost:${new URL(oauth.stack.baseUrl).port}`;
  const authorizeQuery = (redirectUri: string, challenge: string) =>
    new URLSearchParams({
      client_id: DASHBOARD,
      redirect_uri: redirectUri,
      response_type: 'code',
      scope: 'store_write',
      state: 'dash',
      code_challenge: challenge,
      code_challenge_method: 'S256',
    });

  it('signs the owner in without a secret or consent, calls the API with the token, and revokes it with the client id', async () => {
    const owner = await anOwner(oauth.env, 'dashboard');
    const browser = await signedIn(owner.email);
    const callback = `${platform()}/admin/callback`;
    const verifier = randomBytes(32).toString('base64url');
    const challenge = createHash('sha256').update(verifier).digest('base64url');

    const authorized = await browser.get(`/oauth/authorize?${authorizeQuery(callback, challenge)}`);
    expect(authorized.status).toBe(303);
    const redirect = new URL(authorized.location!);
    expect(`${redirect.origin}${redirect.pathname}`).toBe(callback);
    expect(redirect.searchParams.get('state')).toBe('dash');
    const code = redirect.searchParams.get('code')!;
    const tokens = await json(
      await api(
        '/oauth/token',
        form({ grant_type: 'authorization_code', client_id: DASHBOARD, code, redirect_uri: callback, code_verifier: verifier }),
      ),
    );
    expect(tokens.scope).toBe('user store_read store_write');
    expect((await api('/v1/store', bearer(tokens.access_token))).status).toBe(200);

    const revoked = await api('/oauth/revoke', form({ client_id: DASHBOARD, token: tokens.refresh_token }));

    expect(revoked.status).toBe(200);
    await waitFor(async () => (await api('/v1/store', bearer(tokens.access_token))).status === 401, {
      timeoutMs: 5_000,
      message: "the dashboard's token to die",
    });
  });

  it('refuses a redirect URI on any origin but PUBLIC_URL, even the address the request came to', async () => {
    const owner = await anOwner(oauth.env, 'dashboardorigin');
    const browser = await signedIn(owner.email);
    const challenge = createHash('sha256').update(randomBytes(32)).digest('base64url');

    const answer = await browser.get(`/oauth/authorize?${authorizeQuery(`${oauth.stack.baseUrl}/admin/callback`, challenge)}`);

    expect(answer.status).toBe(400);
    expect(answer.location).toBeUndefined();
  });
});
