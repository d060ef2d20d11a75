import jwt from 'jsonwebtoken';
import type { Principal } from './principal';

export interface TokenSettings {
  secret: string;
  issuer: string;
  audience: string;
}

/** Claims identity puts in an access token (DESIGN §7). */
interface AccessTokenClaims {
  sub: string;
  store_id?: number;
  client_id: string;
  /** The authorization the token was issued under; revoking it kills all its tokens. */
  grant_id: string;
  scope: string;
}

export class InvalidTokenError extends Error {}

/**
 * Verifies an access token with pinned algorithm, issuer and audience. Revoked grants are
 * checked by the caller (the revocation set is fed by identity's events).
 */
export function verifyAccessToken(token: string, settings: TokenSettings): Extract<Principal, { kind: 'oauth' }> {
  let claims: AccessTokenClaims;
  try {
    claims = jwt.verify(token, settings.secret, { algorithms: ['HS256'], issuer: settings.issuer, audience: settings.audience }) as AccessTokenClaims;
  } catch {
    throw new InvalidTokenError('Access token is invalid or expired');
  }
  const userId = Number(claims.sub);
  if (!Number.isSafeInteger(userId) || !claims.client_id || !claims.grant_id) throw new InvalidTokenError('Access token is invalid or expired');
  return {
    kind: 'oauth',
    userId,
    storeId: Number(claims.store_id ?? 0),
    clientId: claims.client_id,
    grantId: claims.grant_id,
    scopes: new Set((claims.scope ?? '').split(' ').filter(Boolean)),
  };
}
