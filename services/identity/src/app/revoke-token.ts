import { readAccessToken } from '../domain/access-token';
import { parseGrantId } from '../domain/grant';
import { hashOpaqueToken, TOKEN_PREFIX } from '../domain/opaque-token';
import type { OAuthClient } from '../domain/oauth-client';
import type { IdentityDeps, OAuthSettings } from './identity-deps';
import { revokeGrant } from './revoke-grant';

/**
 * RFC 7009. Revoking either kind of token revokes its grant: the access tokens and the refresh
 * family go together (§2.1 allows it). An unknown token, or one of another client, is answered
 * like a success and changes nothing, so the endpoint tells nobody which tokens exist.
 */
export async function revokeToken(
  deps: Pick<IdentityDeps, 'users' | 'grants' | 'refreshTokens' | 'clock'>,
  oauth: OAuthSettings,
  client: Pick<OAuthClient, 'client_id'>,
  token: string,
): Promise<void> {
  if (!token) return;
  const grantId = token.startsWith(TOKEN_PREFIX.refreshToken)
    ? await refreshTokenGrant(deps, client, token)
    : accessTokenGrant(oauth, client, token);
  if (grantId) await revokeGrant(deps, grantId, 'token_revoked');
}

async function refreshTokenGrant(
  deps: Pick<IdentityDeps, 'refreshTokens'>,
  client: Pick<OAuthClient, 'client_id'>,
  token: string,
): Promise<number | undefined> {
  const stored = await deps.refreshTokens.findByHash(hashOpaqueToken(token));
  return stored && stored.client_id === client.client_id ? stored.grant_id : undefined;
}

function accessTokenGrant(oauth: OAuthSettings, client: Pick<OAuthClient, 'client_id'>, token: string): number | undefined {
  const claims = readAccessToken(token, oauth.accessToken);
  return claims && claims.clientId === client.client_id ? parseGrantId(claims.grantId) : undefined;
}
