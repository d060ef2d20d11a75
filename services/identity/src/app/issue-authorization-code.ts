import { newOpaqueToken, TOKEN_PREFIX } from '../domain/opaque-token';
import type { AuthorizationCodeRepository } from '../infra/authorization-code.repository';
import type { OAuthSettings } from './identity-deps';
import type { AuthorizationRequest } from './authorization-request';

/** The user approved: a single-use code bound to client, redirect URI, user, scopes and PKCE challenge. */
export async function issueAuthorizationCode(
  deps: { codes: AuthorizationCodeRepository; clock: () => Date },
  oauth: OAuthSettings,
  request: AuthorizationRequest,
  userId: number,
): Promise<string> {
  const code = newOpaqueToken(TOKEN_PREFIX.authorizationCode);
  const now = deps.clock();
  await deps.codes.insert({
    code_hash: code.hash,
    client_id: request.client.client_id,
    user_id: userId,
    redirect_uri: request.redirectUri,
    scopes: request.scopes,
    code_challenge: request.codeChallenge,
    expires_at: new Date(now.getTime() + oauth.codeTtlMs),
    used_at: null,
    used: false,
    grant_id: 0,
    created_at: now,
  });
  return code.plaintext;
}
