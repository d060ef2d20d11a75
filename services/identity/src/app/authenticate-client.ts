import { appClient, DASHBOARD_CLIENT, DASHBOARD_CLIENT_ID, type OAuthClient } from '../domain/oauth-client';
import { matchesHash } from '../domain/opaque-token';
import type { AppDocument, AppRepository } from '../infra/app.repository';
import { OAuthError } from './oauth-error';

/** What a token or revocation request authenticates with; no secret at all (neither parameter nor HTTP Basic) is undefined. */
export interface ClientCredentials {
  clientId: string;
  clientSecret?: string;
}

const invalidClient = () => new OAuthError('invalid_client', 'Client authentication failed');

/**
 * A confidential client proves itself with its id and secret (RFC 6749 §2.3.1). One answer for an
 * unknown id, a deleted app and a wrong secret, so none of them can be told apart.
 */
export async function authenticateApp(apps: AppRepository, clientId: string, clientSecret: string): Promise<AppDocument> {
  const app = clientId ? await apps.findLive(clientId) : null;
  if (!app || !clientSecret || !matchesHash(clientSecret, app.client_secret_hash)) throw invalidClient();
  return app;
}

/**
 * The client of a token or revocation request. The dashboard is a public client: it sends its client_id alone (RFC 6749
 * §2.1, RFC 7009 §2.1), and a secret sent for it is refused as a wrong one would be. Every other client is an app and
 * needs its secret (docs/oauth.md#the-dashboards-first-party-client).
 */
export async function authenticateClient(apps: AppRepository, credentials: ClientCredentials): Promise<OAuthClient> {
  if (credentials.clientId === DASHBOARD_CLIENT_ID) {
    if (credentials.clientSecret !== undefined) throw invalidClient();
    return DASHBOARD_CLIENT;
  }
  return appClient(await authenticateApp(apps, credentials.clientId, credentials.clientSecret ?? ''));
}
