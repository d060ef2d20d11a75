import jwt from 'jsonwebtoken';
import { anAccountRequest, startIdentityHarness, type IdentityHarness } from './identity.fixture';
import { aCode, anApp, aSignedInOwner, exchange, PASSWORD, REDIRECT_URI } from './oauth.fixture';
import { hiddenFields, PageClient } from './page-client.harness';

let harness: IdentityHarness;

beforeAll(async () => {
  harness = await startIdentityHarness({ LOGIN_MAX_FAILURES: '3' });
});

afterAll(() => harness?.stop());

describe('sessions and forms', () => {
  it('keeps the session in an HttpOnly, SameSite=Lax cookie, and a new one after sign-in', async () => {
    const account = await harness.client.createStoreAccount(anAccountRequest({ password: PASSWORD }));
    const browser = new PageClient(harness.httpUrl);

    await browser.get('/signin');
    await browser.signIn(account.user!.email, PASSWORD);

    expect(browser.setCookies.length).toBeGreaterThanOrEqual(2);
    for (const cookie of browser.setCookies) {
      expect(cookie).toMatch(/^sc_session=/);
      expect(cookie).toMatch(/; HttpOnly/);
      expect(cookie).toMatch(/; SameSite=Lax/);
    }
    const values = browser.setCookies.map((cookie) => cookie.split(';')[0]);
    expect(new Set(values).size).toBe(values.length);
  });

  it('ends the session at sign-out: a copy of the cookie taken before no longer authenticates any page', async () => {
    const app = await anApp(harness);
    const account = await harness.client.createStoreAccount(anAccountRequest({ password: PASSWORD }));
    const browser = new PageClient(harness.httpUrl);
    await browser.signIn(account.user!.email, PASSWORD);
    const copied = browser.cookieJar();
    const thief = () => new PageClient(harness.httpUrl, { cookies: copied });
    const panelBefore = await thief().get('/account');
    expect(panelBefore.status).toBe(200);

    const signedOut = await browser.submit('/account', '/signout', {});

    expect([signedOut.status, signedOut.location]).toEqual([303, '/signin']);
    expect(await thief().get('/account')).toMatchObject({ status: 303, location: '/signin?return_to=%2Faccount' });
    expect((await thief().get('/signin')).status).toBe(200);
    const authorize = await thief().get(`/oauth/authorize?${new URLSearchParams({ client_id: app.clientId, response_type: 'code' })}`);
    expect(authorize.location).toMatch(/^\/signin\?return_to=/);
    // A form of the old session, replayed with its CSRF token: refused, and nothing changes.
    const replayed = await thief().post('/account/api-key', hiddenFields(panelBefore.html));
    expect(replayed.status).toBe(403);
    expect((await harness.client.authenticateApiKey({ api_key: account.api_key })).store_id).toBe(account.store_id);
  });

  it('ends every session of the account at sign-out, and a new sign-in works', async () => {
    const owner = await aSignedInOwner(harness);
    const otherBrowser = new PageClient(harness.httpUrl);
    await otherBrowser.signIn(owner.email, PASSWORD);
    expect((await otherBrowser.get('/account')).status).toBe(200);

    await owner.browser.submit('/account', '/signout', {});

    expect((await otherBrowser.get('/account')).status).toBe(303);
    expect((await owner.browser.get('/account')).status).toBe(303);
    expect((await owner.browser.signIn(owner.email, PASSWORD)).status).toBe(303);
    expect((await owner.browser.get('/account')).status).toBe(200);
  });

  it.each([
    ['/signin', { identifier: 'x@example.com', password: 'whatever1' }],
    ['/signup', { email: 'csrf@example.com', password: 'long enough' }],
    ['/signout', {}],
    ['/oauth/authorize', { decision: 'approve' }],
    ['/account/api-key', {}],
    ['/account/apps', { name: 'Sneaky', redirect_uri: REDIRECT_URI }],
    ['/account/apps/sca_x/delete', {}],
    ['/account/authorizations/sca_x/revoke', {}],
  ])('refuses a post to %s without the CSRF token, or with a token of another session', async (path, fields) => {
    const { browser } = await aSignedInOwner(harness);
    const other = new PageClient(harness.httpUrl);
    const foreignToken = hiddenFields((await other.get('/signin')).html).csrf_token;

    const without = await browser.post(path, fields);
    const foreign = await browser.post(path, { ...fields, csrf_token: foreignToken });

    expect(without.status).toBe(403);
    expect(foreign.status).toBe(403);
    expect(without.html).toContain('This form has expired');
  });

  it('sends no caching, framing or referrer headers that would expose the dialog', async () => {
    const answer = await new PageClient(harness.httpUrl).get('/signin');

    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect(answer.headers.get('x-frame-options')).toBe('DENY');
    expect(answer.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(answer.headers.get('referrer-policy')).toBe('no-referrer');
  });

  it('escapes what users typed when a page shows it again', async () => {
    const browser = new PageClient(harness.httpUrl);

    const answer = await browser.signIn('<script>alert(1)</script>', 'wrong password');

    expect(answer.html).not.toContain('<script>alert(1)</script>');
    expect(answer.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  });

  it.each([
    ['no return_to', '/signin', '/admin'],
    ['another site', '/signin?return_to=https%3A%2F%2Fevil.example%2F', '/admin'],
    ['a protocol-relative address', '/signin?return_to=%2F%2Fevil.example%2Faccount', '/admin'],
    ['the account pages', '/signin?return_to=%2Faccount', '/account'],
  ])('sends the browser to the dashboard after sign-in with %s, and back to our own pages only', async (_case, signInPath, landing) => {
    const account = await harness.client.createStoreAccount(anAccountRequest({ password: PASSWORD }));
    const browser = new PageClient(harness.httpUrl);

    const answer = await browser.submit(signInPath, '/signin', { identifier: account.user!.email, password: PASSWORD });

    expect([answer.status, answer.location]).toEqual([303, landing]);
  });

  it('asks before signing out at GET /signout: the page posts the form, and the GET itself ends nothing', async () => {
    const owner = await aSignedInOwner(harness);

    const confirm = await owner.browser.get('/signout');
    expect((await owner.browser.get('/account')).status).toBe(200);
    expect(confirm.status).toBe(200);
    expect(confirm.html).toContain('<form method="post" action="/signout">');

    const signedOut = await owner.browser.post('/signout', hiddenFields(confirm.html));

    expect([signedOut.status, signedOut.location]).toEqual([303, '/signin']);
    expect((await owner.browser.get('/account')).status).toBe(303);
    expect(await owner.browser.get('/signout')).toMatchObject({ status: 303, location: '/signin' });
  });
});

describe('sign-up and sign-in', () => {
  it('signs a new user up and in, with the password stored as an scrypt hash', async () => {
    const browser = new PageClient(harness.httpUrl);

    const answer = await browser.signUp('New.User@Example.com', 'a brand new password');

    expect(answer.status).toBe(303);
    expect((await browser.get('/account')).html).toContain('new.user (new.user@example.com)');
    const [stored] = (await harness.storedUsers()).filter((user) => user.email === 'new.user@example.com');
    expect(stored).toMatchObject({ store_id: 0, password_hash: expect.stringMatching(/^scrypt\$/) });
    expect(await harness.datafileText('users')).not.toContain('a brand new password');
  });

  it('shows the problems of a refused sign-up field by field', async () => {
    const answer = await new PageClient(harness.httpUrl).signUp('not-an-email', 'short');

    expect(answer.status).toBe(422);
    expect(answer.html).toContain('email is not a valid e-mail address');
    expect(answer.html).toContain('password is too short (minimum is 8 characters)');
  });

  it('refuses a wrong password, then throttles the account from that address even with the right one', async () => {
    const account = await harness.client.createStoreAccount(anAccountRequest({ password: PASSWORD }));
    const browser = new PageClient(harness.httpUrl);

    const failures = [];
    for (let attempt = 0; attempt < 3; attempt++) failures.push((await browser.signIn(account.user!.email, 'not the password')).status);
    const throttled = await browser.signIn(account.user!.email, PASSWORD);

    expect(failures).toEqual([401, 401, 401]);
    expect(throttled.status).toBe(429);
    expect(Number(throttled.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(throttled.html).toContain('Too many failed sign-ins');
    harness.advanceClock(15 * 60_000);
    expect((await browser.signIn(account.user!.email, PASSWORD)).status).toBe(303);
  });

  it('signs in by login as well as by e-mail', async () => {
    const account = await harness.client.createStoreAccount(anAccountRequest({ password: PASSWORD, login: 'by.login' }));

    const answer = await new PageClient(harness.httpUrl).signIn('by.login', PASSWORD);

    expect(answer.status).toBe(303);
    expect(account.user!.login).toBe('by.login');
  });
});

describe('the account panel', () => {
  it('sends a visitor to sign in', async () => {
    const answer = await new PageClient(harness.httpUrl).get('/account');

    expect([answer.status, answer.location]).toEqual([303, '/signin?return_to=%2Faccount']);
  });

  it('generates a new API key, shown once, and the old key stops working at once', async () => {
    const account = await harness.client.createStoreAccount(anAccountRequest({ password: PASSWORD }));
    const browser = new PageClient(harness.httpUrl);
    await browser.signIn(account.user!.email, PASSWORD);

    const answer = await browser.submit('/account', '/account/api-key', {});

    const newKey = /class="secret" data-field="API key">(sck_[A-Za-z0-9_-]{43})</.exec(answer.html)?.[1];
    expect(newKey).toBeDefined();
    expect((await harness.client.authenticateApiKey({ api_key: newKey! })).store_id).toBe(account.store_id);
    await expect(harness.client.authenticateApiKey({ api_key: account.api_key })).rejects.toThrow('API Key is invalid');
  });

  it('creates a developer app, shows its secret once, lists it, and deletes it', async () => {
    const { browser } = await aSignedInOwner(harness);

    const created = await browser.submit('/account', '/account/apps', { name: 'Panel App', redirect_uri: REDIRECT_URI });
    const clientId = /data-field="Client id">(sca_[^<]+)</.exec(created.html)?.[1];
    const secret = /data-field="Client secret">(scs_[^<]+)</.exec(created.html)?.[1];
    expect(clientId && secret).toBeTruthy();
    const panel = await browser.get('/account');
    expect(panel.html).toContain(clientId);
    expect(panel.html).not.toContain(secret);

    const deleted = await browser.submit('/account', `/account/apps/${clientId}/delete`, {});
    expect(deleted.location).toBe('/account?notice=app-deleted');
    expect((await browser.get('/account')).html).not.toContain(clientId);
  });

  it('lists the apps the user authorized and revokes one, publishing app/uninstalled', async () => {
    const app = await anApp(harness);
    const owner = await aSignedInOwner(harness);
    const tokens = (await exchange(harness.httpUrl, app, await aCode(owner.browser, app))).body;
    const grantId = (jwt.decode(tokens.access_token) as jwt.JwtPayload).grant_id as string;
    expect((await owner.browser.get('/account')).html).toContain('Inventory Sync');

    const revoked = await owner.browser.submit('/account', `/account/authorizations/${app.clientId}/revoke`, {});

    expect(revoked.location).toBe('/account?notice=app-revoked');
    expect((await owner.browser.get('/account')).html).toContain('No app is authorized.');
    expect((await harness.client.checkGrant({ grant_id: grantId })).active).toBe(false);
    const [event] = await harness.waitForEvents(
      'identity',
      1,
      { where: (e) => e.topic === 'app/uninstalled' && e.resource.client_id === app.clientId },
      { message: 'app/uninstalled' },
    );
    expect(event).toMatchObject({
      store_id: owner.storeId,
      resource: { client_id: app.clientId, app_name: 'Inventory Sync', user_id: owner.userId, store_id: owner.storeId },
    });
  });

  it("revokes every user's authorization when the developer deletes the app", async () => {
    const developer = await aSignedInOwner(harness);
    const created = await developer.browser.submit('/account', '/account/apps', { name: 'Short Lived', redirect_uri: REDIRECT_URI });
    const app = {
      clientId: /data-field="Client id">([^<]+)</.exec(created.html)![1],
      clientSecret: /data-field="Client secret">([^<]+)</.exec(created.html)![1],
      redirectUri: REDIRECT_URI,
    };
    const user = await aSignedInOwner(harness);
    const tokens = (await exchange(harness.httpUrl, app, await aCode(user.browser, app))).body;

    await developer.browser.submit('/account', `/account/apps/${app.clientId}/delete`, {});

    const grantId = (jwt.decode(tokens.access_token) as jwt.JwtPayload).grant_id as string;
    expect((await harness.client.checkGrant({ grant_id: grantId })).active).toBe(false);
    expect((await exchange(harness.httpUrl, app, 'scc_any')).status).toBe(401);
  });
});
