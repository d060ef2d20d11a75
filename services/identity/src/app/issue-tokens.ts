import { signAccessToken } from '../domain/access-token';
import { grantIdOf, type GrantRecord } from '../domain/grant';
import { newOpaqueToken, TOKEN_PREFIX } from '../domain/opaque-token';
import { scopeString } from '../domain/scope';
import type { RefreshTokenRepository } from '../infra/refresh-token.repository';
import type { UserRepository } from '../infra/user.repository';
import type { OAuthSettings } from './identity-deps';

/** The RFC 6749 §5.1 token response. */
export interface TokenSet {
  access_token: string;
  token_type: 'Bearer';
  expires_in: number;
  refresh_token: string;
  scope: string;
}

/** A fresh access token and the next refresh token of the grant's family. */
export async function issueTokens(
  deps: { refreshTokens: RefreshTokenRepository; users: UserRepository; clock: () => Date },
  oauth: OAuthSettings,
  grant: Pick<GrantRecord, 'id' | 'user_id' | 'client_id'>,
  scopes: readonly string[],
): Promise<TokenSet> {
  const now = deps.clock();
  const refresh = newOpaqueToken(TOKEN_PREFIX.refreshToken);
  await deps.refreshTokens.insert({
    token_hash: refresh.hash,
    grant_id: grant.id,
    client_id: grant.client_id,
    created_at: now,
    expires_at: new Date(now.getTime() + oauth.refreshTokenTtlMs),
    used_at: null,
    used: false,
  });
  const storeId = (await deps.users.findById(grant.user_id))?.store_id ?? 0;
  const scope = scopeString(scopes);
  const accessToken = signAccessToken(
    { userId: grant.user_id, storeId, clientId: grant.client_id, grantId: grantIdOf(grant), scope },
    oauth.accessToken,
  );
  return {
    access_token: accessToken,
    token_type: 'Bearer',
    expires_in: oauth.accessToken.ttlSeconds,
    refresh_token: refresh.plaintext,
    scope,
  };
}

/** Creates a grant and its first tokens. */
export async function newGrant(
  deps: { grants: { insert(grant: GrantRecord): Promise<GrantRecord> }; clock: () => Date },
  id: number,
  input: { userId: number; clientId: string; scopes: string[] },
): Promise<GrantRecord> {
  const now = deps.clock();
  return deps.grants.insert({
    id,
    user_id: input.userId,
    client_id: input.clientId,
    scopes: input.scopes,
    created_at: now,
    updated_at: now,
    revoked_at: null,
    active: true,
    revoked_reason: '',
    version: 1,
  });
}
