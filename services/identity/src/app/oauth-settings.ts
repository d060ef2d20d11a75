import type { OAuthSettings } from './identity-deps';

/** The settings the OAuth side is built from (config.ts). */
export interface OAuthConfig {
  OAUTH_JWT_SECRET?: string;
  OAUTH_ISSUER: string;
  OAUTH_AUDIENCE: string;
  ACCESS_TOKEN_TTL_SECONDS: number;
  AUTHORIZATION_CODE_TTL_SECONDS: number;
  REFRESH_TOKEN_TTL_DAYS: number;
}

/**
 * The OAuth settings, only when a signing secret is set: without one identity serves its API-key RPCs but no OAuth
 * (no pages, no tokens, so no codes to purge).
 */
export function oauthSettings(config: OAuthConfig): OAuthSettings | undefined {
  const secret = config.OAUTH_JWT_SECRET;
  if (!secret) return undefined;
  return {
    accessToken: { secret, issuer: config.OAUTH_ISSUER, audience: config.OAUTH_AUDIENCE, ttlSeconds: config.ACCESS_TOKEN_TTL_SECONDS },
    codeTtlMs: config.AUTHORIZATION_CODE_TTL_SECONDS * 1000,
    refreshTokenTtlMs: config.REFRESH_TOKEN_TTL_DAYS * 86_400_000,
  };
}
