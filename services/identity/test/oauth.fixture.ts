import { createHash, randomBytes } from 'node:crypto';
import type { JsonBody } from '@commerce/testing';
import { anAccountRequest, type IdentityHarness } from './identity.fixture';
import { PageClient } from './page-client.harness';

export const REDIRECT_URI = 'http://127.0.0.1:9999/callback';
export const PASSWORD = 'correct horse battery';

export interface RegisteredApp {
  clientId: string;
  clientSecret: string;
  redirectUri: string;
}

/** A developer with an app, registered as the CLI does it. */
export async function anApp(harness: IdentityHarness, redirectUri = REDIRECT_URI): Promise<RegisteredApp> {
  const developer = await harness.client.createStoreAccount(anAccountRequest());
  const created = await harness.client.createApp({
    name: 'Inventory Sync',
    redirect_uri: redirectUri,
    owner_email: developer.user!.email,
    owner_user_id: 0,
  });
  return { clientId: created.app!.client_id, clientSecret: created.client_secret, redirectUri };
}

/** A store owner signed in to the pages in a browser of their own. */
export async function aSignedInOwner(
  harness: IdentityHarness,
): Promise<{ browser: PageClient; userId: number; storeId: number; email: string }> {
  const account = await harness.client.createStoreAccount(anAccountRequest({ password: PASSWORD }));
  const browser = new PageClient(harness.httpUrl);
  const signedIn = await browser.signIn(account.user!.email, PASSWORD);
  if (signedIn.status !== 303) throw new Error(`sign-in answered ${signedIn.status}`);
  return { browser, userId: account.user!.id, storeId: account.store_id, email: account.user!.email };
}

export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

export interface TokenAnswer {
  status: number;
  headers: Headers;
  body: JsonBody;
}

/** POST /oauth/token (or /oauth/revoke) with a form body, and HTTP Basic when asked. */
export async function postToken(
  baseUrl: string,
  params: Record<string, string>,
  options: { basic?: [string, string]; path?: string; inQuery?: boolean } = {},
): Promise<TokenAnswer> {
  const headers: Record<string, string> = {};
  if (options.basic) {
    const [id, secret] = options.basic.map(encodeURIComponent);
    headers.authorization = `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;
  }
  const form = new URLSearchParams(params).toString();
  const path = options.path ?? '/oauth/token';
  const init: RequestInit = options.inQuery
    ? { method: 'POST', headers }
    : { method: 'POST', headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' }, body: form };
  const response = await fetch(`${baseUrl}${path}${options.inQuery ? `?${form}` : ''}`, init);
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : undefined };
}

/** A code for the app from a signed-in owner's approval. */
export async function aCode(browser: PageClient, app: RegisteredApp, extra: Record<string, string> = {}): Promise<string> {
  const redirect = await browser.approve({
    client_id: app.clientId,
    redirect_uri: app.redirectUri,
    response_type: 'code',
    state: 'xyz',
    ...extra,
  });
  const code = redirect.searchParams.get('code');
  if (!code) throw new Error(`no code in ${redirect}`);
  return code;
}

export const exchange = (baseUrl: string, app: RegisteredApp, code: string, extra: Record<string, string> = {}) =>
  postToken(baseUrl, {
    grant_type: 'authorization_code',
    code,
    redirect_uri: app.redirectUri,
    client_id: app.clientId,
    client_secret: app.clientSecret,
    ...extra,
  });
