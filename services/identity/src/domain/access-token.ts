import { randomUUID } from 'node:crypto';
import jwt from 'jsonwebtoken';

export interface AccessTokenSettings {
  secret: string;
  issuer: string;
  audience: string;
  ttlSeconds: number;
}

export interface AccessTokenSubject {
  userId: number;
  storeId: number;
  clientId: string;
  grantId: string;
  scope: string;
}

/**
 * A JWT the gateway verifies without calling us (gateway/src/auth/oauth-token.verifier.ts reads
 * these claims; change both sides together). HS256 is pinned on both sides.
 */
export function signAccessToken(subject: AccessTokenSubject, settings: AccessTokenSettings): string {
  return jwt.sign(
    { store_id: subject.storeId, client_id: subject.clientId, grant_id: subject.grantId, scope: subject.scope },
    settings.secret,
    {
      algorithm: 'HS256',
      issuer: settings.issuer,
      audience: settings.audience,
      subject: String(subject.userId),
      expiresIn: settings.ttlSeconds,
      jwtid: randomUUID(),
    },
  );
}

/** The grant and client of one of our own access tokens (for revocation), or undefined for anything else. */
export function readAccessToken(
  token: string,
  settings: Omit<AccessTokenSettings, 'ttlSeconds'>,
): { grantId: string; clientId: string } | undefined {
  try {
    // An expired token may still be revoked: its grant's refresh tokens live on.
    const claims = jwt.verify(token, settings.secret, {
      algorithms: ['HS256'],
      issuer: settings.issuer,
      audience: settings.audience,
      ignoreExpiration: true,
    });
    if (typeof claims !== 'object' || typeof claims.grant_id !== 'string' || typeof claims.client_id !== 'string') return undefined;
    return { grantId: claims.grant_id, clientId: claims.client_id };
  } catch {
    return undefined;
  }
}
