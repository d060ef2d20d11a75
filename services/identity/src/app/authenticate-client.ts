import { matchesHash } from '../domain/opaque-token';
import type { AppDocument, AppRepository } from '../infra/app.repository';
import { OAuthError } from './oauth-error';

/**
 * A confidential client proves itself with its id and secret (RFC 6749 §2.3.1). One answer for an
 * unknown id, a deleted app and a wrong secret, so none of them can be told apart.
 */
export async function authenticateClient(apps: AppRepository, clientId: string, clientSecret: string): Promise<AppDocument> {
  const app = clientId ? await apps.findLive(clientId) : null;
  if (!app || !clientSecret || !matchesHash(clientSecret, app.client_secret_hash))
    throw new OAuthError('invalid_client', 'Client authentication failed');
  return app;
}
