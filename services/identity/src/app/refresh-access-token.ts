import { hashOpaqueToken } from '../domain/opaque-token';
import { coversScopes, parseScope } from '../domain/scope';
import type { OAuthClient } from '../domain/oauth-client';
import type { IdentityDeps, OAuthSettings } from './identity-deps';
import { issueTokens, type TokenSet } from './issue-tokens';
import { OAuthError } from './oauth-error';
import { revokeGrant } from './revoke-grant';

const invalidGrant = (description: string) => new OAuthError('invalid_grant', description);

/**
 * grant_type=refresh_token. Refresh tokens rotate: each works once and answers the next one. An
 * old one presented again means the family leaked, so the whole grant is revoked. The request is
 * checked in full (client, expiry, scope) before the token is spent: a refused request leaves the
 * token usable and the grant intact.
 */
export async function refreshAccessToken(
  deps: Pick<IdentityDeps, 'users' | 'grants' | 'refreshTokens' | 'clock'>,
  oauth: OAuthSettings,
  client: Pick<OAuthClient, 'client_id'>,
  input: { refresh_token: string; scope: string },
): Promise<TokenSet> {
  if (!input.refresh_token) throw new OAuthError('invalid_request', 'refresh_token is required');
  const tokenHash = hashOpaqueToken(input.refresh_token);
  const token = await deps.refreshTokens.findByHash(tokenHash);
  if (!token || token.client_id !== client.client_id) throw invalidGrant('The refresh token is invalid');
  const grant = await deps.grants.findById(token.grant_id);
  if (!grant || grant.revoked_at) throw invalidGrant('The refresh token has been revoked');
  const now = deps.clock();
  const reused = async () => {
    await revokeGrant(deps, grant.id, 'refresh_token_reused');
    return invalidGrant('The refresh token was already used; the grant is revoked');
  };
  if (token.used_at) throw await reused();
  if (token.expires_at.getTime() <= now.getTime()) throw invalidGrant('The refresh token has expired');
  const scopes = scopesAsked(grant.scopes, input.scope);
  if (!(await deps.refreshTokens.consume(tokenHash, now))) throw await reused();
  return issueTokens(deps, oauth, grant, scopes);
}

/** RFC 6749 §6: a narrower scope may be asked for, never a wider one; none asked means the grant's. */
function scopesAsked(granted: string[], scope: string): string[] {
  if (!scope) return granted;
  const asked = parseScope(scope);
  if ('unknown' in asked || !coversScopes(granted, asked.scopes))
    throw new OAuthError('invalid_scope', 'The scope asked for exceeds what the user granted');
  return asked.scopes;
}
