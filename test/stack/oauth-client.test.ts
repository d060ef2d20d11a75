import { spawn } from 'node:child_process';
import path from 'node:path';
import { waitFor } from '@commerce/testing';
import { json, type JsonBody } from '../support/stack.harness';
import { anOwner, PASSWORD, startOAuthStack, type OAuthStack } from './oauth-stack.fixture';

type Json = JsonBody;

/** Runs the third-party app (oauth4webapi) as its own process and answers its JSON output. */
function runClientApp(input: Record<string, unknown>): Promise<Json> {
  const child = spawn(process.execPath, [path.join(__dirname, 'oauth-client.fixture.mjs'), JSON.stringify(input)], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  child.stderr.on('data', (chunk) => (stderr += chunk));
  return new Promise((resolve, reject) =>
    child.once('exit', (code) => (code === 0 ? resolve(JSON.parse(stdout)) : reject(new Error(`client app exited ${code}: ${stderr}`)))),
  );
}

describe('a standard OAuth client library against the running stack', () => {
  let oauth: OAuthStack;
  let owner: Awaited<ReturnType<typeof anOwner>>;
  let result: Json;

  beforeAll(async () => {
    // Two gateway workers: a revocation must reach both.
    oauth = await startOAuthStack('libclient', { GATEWAY_WORKERS: '2' });
    owner = await anOwner(oauth.env, 'libowner');
    result = await runClientApp({
      baseUrl: oauth.stack.baseUrl,
      issuer: `http://localhost:${oauth.stack.env.PORT}`,
      clientId: oauth.app.client_id,
      clientSecret: oauth.app.client_secret,
      redirectUri: oauth.app.redirect_uri,
      scope: 'store_read store_write',
      email: owner.email,
      password: PASSWORD,
    });
  });

  afterAll(() => oauth?.stop());

  // A fresh connection per request, so consecutive requests land on either worker.
  const api = (pathAndQuery: string, init: RequestInit = {}) =>
    fetch(`${oauth.stack.baseUrl}${pathAndQuery}`, { ...init, headers: { connection: 'close', ...(init.headers ?? {}) } });

  it('discovers the server, signs in, consents, and receives a code through the gateway, then tokens (PKCE S256, HTTP Basic)', () => {
    expect(result.hops).toEqual([303, 303, 200, 303]);
    expect(result.callback).toMatch(new RegExp(`^${oauth.app.redirect_uri}\\?code=scc_`));
    expect(result.tokens).toMatchObject({
      token_type: 'bearer',
      expires_in: 3600,
      scope: 'user store_read store_write',
      refresh_token: expect.stringMatching(/^scr_/),
    });
    expect(result.refreshed.refresh_token).not.toBe(result.tokens.refresh_token);
  });

  it('reads /v1/me with the token as Bearer and as ?access_token=', async () => {
    const bearer = await api('/v1/me.json', { headers: { authorization: `Bearer ${result.refreshed.access_token}` } });
    const query = await api(`/v1/me?access_token=${result.refreshed.access_token}`);

    expect(bearer.status).toBe(200);
    const body = await json(bearer);
    expect(body).toEqual({
      data: {
        id: owner.user.id,
        email: owner.email,
        login: expect.any(String),
        bio: '',
        location: '',
        gender: '',
        twitter: '',
        facebook: '',
        birthday: '',
      },
      meta: { code: 200, api_version: '1.0' },
    });
    expect((await json(query)).data).toEqual(body.data);
  });

  it("reads and writes the user's store with the scopes granted", async () => {
    const token = result.refreshed.access_token;
    const read = await api(`/v1/store.json?access_token=${token}`);
    const write = await api('/v1/store.json', {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ description: 'Synced' }),
    });

    expect(read.status).toBe(200);
    expect((await json(read)).data.id).toBe(owner.store.id);
    expect(write.status).toBe(200);
    expect((await json(write)).data.description).toBe('Synced');
  });

  it('stops accepting the token on every gateway worker within seconds of its revocation', async () => {
    const token = result.refreshed.access_token;
    // Warm both workers' grant caches.
    for (let i = 0; i < 6; i++) expect((await api(`/v1/store?access_token=${token}`)).status).toBe(200);

    expect(
      await runClientApp({
        baseUrl: oauth.stack.baseUrl,
        issuer: `http://localhost:${oauth.stack.env.PORT}`,
        clientId: oauth.app.client_id,
        clientSecret: oauth.app.client_secret,
        revoke: result.refreshed.refresh_token,
      }),
    ).toEqual({ revoked: true });

    await waitFor(
      async () =>
        (await Promise.all(Array.from({ length: 6 }, async () => (await api(`/v1/store?access_token=${token}`)).status))).every(
          (status) => status === 401,
        ),
      {
        timeoutMs: 5_000,
        message: 'every worker to refuse the revoked token',
      },
    );
    const refused = await json(await api(`/v1/me?access_token=${token}`));
    expect(refused).toMatchObject({ error: 'Access token is invalid or expired', meta: { code: 401, error_type: 'Unauthorized' } });
  });
});
