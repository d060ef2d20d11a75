import { waitFor } from '@commerce/testing';
import { json, storectl } from '../support/stack.harness';
import { anOwner, PageClient, PASSWORD, startOAuthStack, type OAuthStack } from './oauth-stack.fixture';

/**
 * Every process logs at debug level through a whole OAuth life (CLI sign-up and app, sign-in,
 * consent, code exchange, refresh, API calls with the token and the key in URLs, the
 * application-owner endpoint, revocation); then their combined output must hold none of the
 * secrets that went through them.
 */
describe('logs through a full OAuth flow', () => {
  let oauth: OAuthStack;
  const secrets = new Map<string, string>();

  beforeAll(async () => {
    oauth = await startOAuthStack('logs', { LOG_LEVEL: 'debug' });
    secrets.set('client secret', oauth.app.client_secret);
  });

  afterAll(() => oauth?.stop());

  const api = (pathAndQuery: string, init: RequestInit = {}) => fetch(`${oauth.stack.baseUrl}${pathAndQuery}`, init);

  it('writes no password, secret, key, code or token', async () => {
    const owner = await anOwner(oauth.env, 'logged');
    secrets.set('API key', owner.api_key);
    secrets.set('password', PASSWORD);
    const browser = new PageClient(oauth.stack.baseUrl);
    expect((await browser.signIn(owner.email, 'a wrong password for the log')).status).toBe(401);
    secrets.set('wrong password', 'a wrong password for the log');
    expect((await browser.signIn(owner.email, PASSWORD)).status).toBe(303);
    const redirect = await browser.approve({
      client_id: oauth.app.client_id,
      redirect_uri: oauth.app.redirect_uri,
      response_type: 'code',
      scope: 'store_write',
      state: 'st',
    });
    const code = redirect.searchParams.get('code')!;
    secrets.set('code', code);
    // Everything in the query string, the worst case for request logs.
    const credentials = `client_id=${oauth.app.client_id}&client_secret=${oauth.app.client_secret}`;
    const tokens = await json(
      await api(
        `/oauth/token?grant_type=authorization_code&code=${code}&redirect_uri=${encodeURIComponent(oauth.app.redirect_uri)}&${credentials}`,
        { method: 'POST' },
      ),
    );
    secrets.set('access token', tokens.access_token);
    secrets.set('refresh token', tokens.refresh_token);
    const refreshed = await json(
      await api(`/oauth/token?grant_type=refresh_token&refresh_token=${tokens.refresh_token}&${credentials}`, { method: 'POST' }),
    );
    secrets.set('refreshed access token', refreshed.access_token);
    secrets.set('refreshed refresh token', refreshed.refresh_token);
    expect((await api(`/v1/store?access_token=${refreshed.access_token}`)).status).toBe(200);
    expect((await api(`/v1/store?api_key=${owner.api_key}`)).status).toBe(200);
    expect((await api('/v1/me', { headers: { authorization: `Bearer ${refreshed.access_token}` } })).status).toBe(200);
    const appOwnerPassword = 'app owner password 123';
    secrets.set('app-made owner password', appOwnerPassword);
    const made = await api(
      `/v1/application/stores?client_id=${oauth.app.client_id}&secret=${oauth.app.client_secret}` +
        `&name=Logged&subdomain=loggedapp&owner[email]=loggedapp@example.com&owner[password]=${encodeURIComponent(appOwnerPassword)}`,
      { method: 'POST' },
    );
    const madeBody = await json(made);
    expect(made.status).toBe(200);
    secrets.set('app-made access token', madeBody.access_token);
    expect((await api(`/oauth/revoke?token=${refreshed.refresh_token}&${credentials}`, { method: 'POST' })).status).toBe(200);
    const rotated = await storectl(oauth.env, ['key', 'rotate', '--store', String(owner.store.id)]);
    secrets.set('rotated API key', (rotated.json as { api_key: string }).api_key);

    const output = oauth.stack.output();
    expect(output).toContain('"msg":"request"');
    expect(output).toContain('"msg":"page request"');
    const spellings = (value: string) => [value, encodeURIComponent(value), new URLSearchParams({ v: value }).toString().slice(2)];
    const leaked = [...secrets].filter(([, value]) => spellings(value).some((spelling) => output.includes(spelling)));
    expect(leaked.map(([what]) => what)).toEqual([]);
  });

  // Issue 12: these spellings were read (or accepted) by the gateway and written in clear in its access log.
  it('writes no credential into the access log however its name is spelled in the query', async () => {
    const owner = await anOwner(oauth.env, 'spelled');
    const key = owner.api_key;
    const spelled = [
      `api%5Fkey=${key}`,
      `%61pi_key=${key}`,
      `API_KEY=${key}`,
      `api_key[]=${key}`,
      `api_key[x]=${key}`,
      `api_key%5B%5D=${key}`,
      `access%5Ftoken=${key}`,
      `csrf_token=${key}`,
    ];
    for (const query of spelled) await api(`/v1/store?${query}`);
    await api(`/oauth/token?grant_type=authorization_code&c%6Fde=${key}&client%5Fsecret=${key}`, { method: 'POST' });

    // The last request's access-log line reaching the captured output means the earlier ones did too.
    await waitFor(async () => oauth.stack.output().includes('client%5Fsecret=[redacted]'), {
      message: 'the access-log line of the last request',
    });
    const output = oauth.stack.output();
    expect(output).toContain('%61pi_key=[redacted]');
    expect(output).not.toContain(key);
    expect(output).not.toContain(encodeURIComponent(key));
  });
});
