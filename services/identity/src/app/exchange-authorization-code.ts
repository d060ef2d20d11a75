import { verifierMatches } from '../domain/authorization-code';
import { hashOpaqueToken } from '../domain/opaque-token';
import type { OAuthClient } from '../domain/oauth-client';
import type { IdentityDeps, OAuthSettings } from './identity-deps';
import { issueTokens, newGrant, type TokenSet } from './issue-tokens';
import { OAuthError } from './oauth-error';
import { revokeGrant } from './revoke-grant';

export interface CodeExchangeInput {
  code: string;
  redirect_uri: string;
  code_verifier: string;
}

const invalidGrant = (description: string) => new OAuthError('invalid_grant', description);

/**
 * grant_type=authorization_code for an authenticated client. A code works once: a second
 * presentation fails and revokes the grant the first one created (RFC 6749 §4.1.2, §10.5).
 */
export async function exchangeAuthorizationCode(
  deps: Pick<IdentityDeps, 'users' | 'grants' | 'codes' | 'refreshTokens' | 'nextGrantId' | 'clock'>,
  oauth: OAuthSettings,
  client: Pick<OAuthClient, 'client_id'>,
  input: CodeExchangeInput,
): Promise<TokenSet> {
  if (!input.code) throw new OAuthError('invalid_request', 'code is required');
  const codeHash = hashOpaqueToken(input.code);
  const code = await deps.codes.findByHash(codeHash);
  if (!code || code.client_id !== client.client_id) throw invalidGrant('The authorization code is invalid');
  if (code.used_at) {
    await revokeIssuedBy(deps, code.grant_id);
    throw invalidGrant('The authorization code was already used; the tokens it issued are revoked');
  }
  const now = deps.clock();
  if (code.expires_at.getTime() <= now.getTime()) throw invalidGrant('The authorization code has expired');
  if (input.redirect_uri !== code.redirect_uri) throw invalidGrant('redirect_uri does not match the one of the authorization request');
  if (code.code_challenge && !input.code_verifier) throw invalidGrant('code_verifier is required (the request had a code_challenge)');
  if (code.code_challenge && !verifierMatches(input.code_verifier, code.code_challenge))
    throw invalidGrant('code_verifier does not match the code_challenge');
  if (!code.code_challenge && input.code_verifier) throw invalidGrant('code_verifier sent, but the request had no code_challenge');

  // The grant id is chosen before the code is spent, so a reuse racing this exchange knows what to revoke.
  const grantId = await deps.nextGrantId();
  if (!(await deps.codes.consume(codeHash, grantId, now))) {
    const spent = await deps.codes.findByHash(codeHash);
    await revokeIssuedBy(deps, spent?.grant_id ?? 0);
    throw invalidGrant('The authorization code was already used; the tokens it issued are revoked');
  }
  const grant = await newGrant(deps, grantId, { userId: code.user_id, clientId: client.client_id, scopes: code.scopes });
  return issueTokens(deps, oauth, grant, grant.scopes);
}

async function revokeIssuedBy(deps: Pick<IdentityDeps, 'users' | 'grants' | 'clock'>, grantId: number): Promise<void> {
  if (grantId > 0) await revokeGrant(deps, grantId, 'code_reused');
}
