import type { AppRecord } from './app';

/** The owner dashboard's client id (docs/oauth.md#the-dashboards-first-party-client). */
export const DASHBOARD_CLIENT_ID = 'store-dashboard';

/** Where the dashboard receives its codes: this path on the platform's own origin. */
export const DASHBOARD_CALLBACK_PATH = '/admin/callback';

/**
 * A client of the authorization server (RFC 6749 §2.1): a developer's app, confidential (it keeps a secret, and the user
 * consents to it), or the owner dashboard, the platform's own single-page app: public (no secret it could keep, so PKCE
 * is required) and first-party (no consent; not an app the user installed, so never listed, revoked or deleted as one).
 * The dashboard is built in, never stored; grants, codes and tokens are the same for both.
 */
export type OAuthClient =
  { kind: 'app'; client_id: string; name: string; app: AppRecord } | { kind: 'dashboard'; client_id: string; name: string };

export const DASHBOARD_CLIENT: OAuthClient = { kind: 'dashboard', client_id: DASHBOARD_CLIENT_ID, name: 'Store dashboard' };

export const appClient = (app: AppRecord): OAuthClient => ({ kind: 'app', client_id: app.client_id, name: app.name, app });

/**
 * Where a client's authorization answers go: an app's registered URI; the dashboard's callback on the platform's origin
 * (none when that is unknown).
 */
export function redirectUriOf(client: OAuthClient, platformOrigin: string | undefined): string | undefined {
  if (client.kind === 'app') return client.app.redirect_uri;
  return platformOrigin === undefined ? undefined : `${platformOrigin}${DASHBOARD_CALLBACK_PATH}`;
}

/** A public client keeps no secret, so a stolen code is only worth its PKCE verifier (RFC 7636; OAuth 2.1 requires it). */
export const requiresPkce = (client: OAuthClient): boolean => client.kind === 'dashboard';

/** The user consents to third parties; the platform's own dashboard is them signing in to their own account. */
export const asksConsent = (client: OAuthClient): boolean => client.kind === 'app';
