import jwt from 'jsonwebtoken';
import type { Principal } from './principal';

export interface TokenSettings {
  secret: string;
  issuer: string;
  audience: string;
}

/** Claims identity puts in an access token (docs/oauth.md#access-tokens); unknown until checked, hence all optional. */
interface AccessTokenClaims {
  sub?: unknown;
  store_id?: unknown;
  client_id?: unknown;
  /** The authorization the token was issued under; revoking it kills all its tokens. */
  grant_id?: unknown;
  scope?: unknown;
  exp?: unknown;
}

export class InvalidTokenError extends Error {}

const INVALID = 'Access token is invalid or expired';
/** The pinned algorithm: a token signed any other way (`none`, HS512, RS256 with our secret as a "public key") is refused. */
const ALGORITHM = 'HS256';
const DIGITS = /^[1-9][0-9]*$/;

/**
 * Verifies an access token with pinned algorithm, issuer and audience. Revoked grants are
 * checked by the caller (the revocation set is fed by identity's events).
 */
export function verifyAccessToken(token: string, settings: TokenSettings): Extract<Principal, { kind: 'oauth' }> {
  let verified: string | jwt.JwtPayload;
  try {
    verified = jwt.verify(token, settings.secret, { algorithms: [ALGORITHM], issuer: settings.issuer, audience: settings.audience });
  } catch {
    throw new InvalidTokenError(INVALID);
  }
  if (typeof verified !== 'object' || verified === null) throw new InvalidTokenError(INVALID);
  const claims = verified as AccessTokenClaims;
  const storeId = claims.store_id ?? 0;
  const scope = claims.scope ?? '';
  if (
    typeof claims.sub !== 'string' ||
    !DIGITS.test(claims.sub) ||
    !Number.isSafeInteger(Number(claims.sub)) ||
    // jsonwebtoken accepts a token without `exp`; identity always sets one, and a token must not live forever.
    typeof claims.exp !== 'number' ||
    typeof storeId !== 'number' ||
    !Number.isSafeInteger(storeId) ||
    storeId < 0 ||
    !isNonEmptyString(claims.client_id) ||
    !isNonEmptyString(claims.grant_id) ||
    typeof scope !== 'string'
  ) {
    throw new InvalidTokenError(INVALID);
  }
  return {
    kind: 'oauth',
    userId: Number(claims.sub),
    storeId,
    clientId: claims.client_id,
    grantId: claims.grant_id,
    scopes: new Set(scope.split(' ').filter(Boolean)),
  };
}

function isNonEmptyString(value: unknown): value is string {
  return typeof value === 'string' && value.length > 0;
}
