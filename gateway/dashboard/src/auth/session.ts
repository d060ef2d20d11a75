import type { OAuthTokens } from '@commerce/sdk';

/**
 * The dashboard signs in as the platform's first-party public client (docs/oauth.md#the-dashboards-first-party-client):
 * the authorization code flow with PKCE S256, no client secret. The token pair lives in this tab's sessionStorage, so a
 * reload keeps the session and closing the tab ends it; the Content-Security-Policy runs no script but the dashboard's.
 */
export const CLIENT_ID = 'store-dashboard';
export const SCOPES = 'user store_read store_write account';

const TOKENS_KEY = 'commerce.dashboard.tokens';
const PENDING_KEY = 'commerce.dashboard.sign-in';

export interface StoredTokens {
  accessToken: string;
  refreshToken: string;
}

interface PendingSignIn {
  state: string;
  verifier: string;
  /** The dashboard path the owner asked for before signing in. */
  returnTo: string;
}

export const redirectUri = (): string => `${location.origin}/admin/callback`;

export function storedTokens(): StoredTokens | undefined {
  const text = sessionStorage.getItem(TOKENS_KEY);
  if (!text) return undefined;
  try {
    const { accessToken, refreshToken } = JSON.parse(text) as Partial<StoredTokens>;
    return typeof accessToken === 'string' && typeof refreshToken === 'string' ? { accessToken, refreshToken } : undefined;
  } catch {
    return undefined;
  }
}

export function storeTokens(tokens: OAuthTokens | StoredTokens): void {
  sessionStorage.setItem(TOKENS_KEY, JSON.stringify({ accessToken: tokens.accessToken, refreshToken: tokens.refreshToken }));
}

export function forgetTokens(): void {
  sessionStorage.removeItem(TOKENS_KEY);
}

/** Leaves for identity's authorization page; it signs the owner in when needed and comes back to /admin/callback. */
export async function beginSignIn(returnTo: string): Promise<never> {
  const pending: PendingSignIn = { state: randomText(16), verifier: randomText(32), returnTo: safeReturnPath(returnTo) };
  sessionStorage.setItem(PENDING_KEY, JSON.stringify(pending));
  const query = new URLSearchParams({
    response_type: 'code',
    client_id: CLIENT_ID,
    redirect_uri: redirectUri(),
    scope: SCOPES,
    state: pending.state,
    code_challenge: await s256(pending.verifier),
    code_challenge_method: 'S256',
  });
  location.assign(`/oauth/authorize?${query}`);
  return new Promise<never>(() => undefined);
}

/** Trades the callback's code for tokens; answers the path to go on to. Throws a sentence for the owner when it cannot. */
export async function completeSignIn(search: string): Promise<string> {
  const params = new URLSearchParams(search);
  const pendingText = sessionStorage.getItem(PENDING_KEY);
  sessionStorage.removeItem(PENDING_KEY);
  const pending = pendingText ? (JSON.parse(pendingText) as PendingSignIn) : undefined;
  if (params.get('error')) throw new Error(`Sign-in did not complete: ${params.get('error_description') ?? params.get('error')}`);
  if (!pending || params.get('state') !== pending.state) throw new Error('This sign-in link is stale or was not started here.');
  const response = await fetch('/oauth/token', {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code: params.get('code') ?? '',
      redirect_uri: redirectUri(),
      client_id: CLIENT_ID,
      code_verifier: pending.verifier,
    }),
  });
  const answer = (await response.json().catch(() => ({}))) as { access_token?: string; refresh_token?: string; error_description?: string };
  if (!response.ok || !answer.access_token || !answer.refresh_token)
    throw new Error(`Sign-in did not complete: ${answer.error_description ?? `the token endpoint answered ${response.status}`}`);
  storeTokens({ accessToken: answer.access_token, refreshToken: answer.refresh_token });
  return pending.returnTo;
}

/**
 * Revokes the dashboard's grant (RFC 7009: the refresh token ends the pair) and forgets it, then ends identity's browser
 * session, so the next visit asks for the password again.
 */
export async function signOut(): Promise<never> {
  const tokens = storedTokens();
  forgetTokens();
  if (tokens)
    await fetch('/oauth/revoke', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token: tokens.refreshToken, token_type_hint: 'refresh_token', client_id: CLIENT_ID }),
    }).catch(() => undefined);
  location.assign('/signout');
  return new Promise<never>(() => undefined);
}

/** Only a path of the dashboard itself: never another origin, whatever the address bar held. */
export function safeReturnPath(path: string): string {
  return /^\/admin(\/[^/\\]|\/?$|\?)/.test(path) && !path.startsWith('/admin/callback') ? path : '/admin';
}

function randomText(bytes: number): string {
  return base64Url(crypto.getRandomValues(new Uint8Array(bytes)));
}

async function s256(verifier: string): Promise<string> {
  return base64Url(new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier))));
}

function base64Url(bytes: Uint8Array): string {
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}
