import type { Browser } from 'playwright-core';
import { launchChromium } from '../support/browser.harness';
import { json } from '../support/stack.harness';
import { anOwner, PASSWORD, startOAuthStack, type OAuthStack } from './oauth-stack.fixture';

describe('the authorization dialog in a real browser', () => {
  let oauth: OAuthStack;
  let browser: Browser;

  beforeAll(async () => {
    oauth = await startOAuthStack('browser');
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await oauth?.stop();
  });

  it('signs in, shows the requested scopes, consents, and lands on the redirect URI with a code and the state', async () => {
    const owner = await anOwner(oauth.env, 'chromium');
    const context = await browser.newContext();
    const page = await context.newPage();
    const query = new URLSearchParams({
      client_id: oauth.app.client_id,
      redirect_uri: oauth.app.redirect_uri,
      response_type: 'code',
      scope: 'store_write',
      state: 'chromium-state',
    });

    await page.goto(`${oauth.stack.baseUrl}/oauth/authorize?${query}`);
    expect(await page.title()).toBe('Sign in · Store Commerce');
    await page.fill('#identifier', owner.email);
    await page.fill('#password', PASSWORD);
    await Promise.all([page.waitForURL(/\/oauth\/authorize\?/), page.click('button[type=submit]')]);

    await expect(page.locator('h1').textContent()).resolves.toBe('Authorize Stock Sync');
    await expect(page.locator('li strong').allTextContents()).resolves.toEqual(['user', 'store_read', 'store_write']);
    const cookies = await context.cookies();
    expect(cookies).toEqual([expect.objectContaining({ name: 'sc_session', httpOnly: true, sameSite: 'Lax' })]);

    await Promise.all([page.waitForURL((url) => url.toString().startsWith(oauth.app.redirect_uri)), page.click('button[value=approve]')]);
    const landed = new URL(page.url());
    expect(landed.searchParams.get('state')).toBe('chromium-state');
    const code = landed.searchParams.get('code');
    expect(code).toMatch(/^scc_/);
    // The app's callback got the code (the browser may also ask that host for a favicon).
    expect(oauth.callbacks.map((url) => url.searchParams.get('code'))).toContain(code);

    const tokens = await json(
      await fetch(`${oauth.stack.baseUrl}/oauth/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'authorization_code',
          code: code!,
          redirect_uri: oauth.app.redirect_uri,
          client_id: oauth.app.client_id,
          client_secret: oauth.app.client_secret,
        }).toString(),
      }),
    );
    const store = await fetch(`${oauth.stack.baseUrl}/v1/store?access_token=${tokens.access_token}`);
    expect(store.status).toBe(200);
    expect((await json(store)).data.id).toBe(owner.store.id);
    await context.close();
  });

  it('shows an error page and stays on it for an unregistered redirect URI', async () => {
    const page = await browser.newPage();
    const query = new URLSearchParams({
      client_id: oauth.app.client_id,
      redirect_uri: 'https://attacker.example/steal',
      response_type: 'code',
    });

    const response = await page.goto(`${oauth.stack.baseUrl}/oauth/authorize?${query}`);

    expect(response?.status()).toBe(400);
    expect(page.url()).toContain(`${oauth.stack.baseUrl}/oauth/authorize`);
    await expect(page.locator('h1').textContent()).resolves.toBe('Authorization failed');
    await page.close();
  });
});
