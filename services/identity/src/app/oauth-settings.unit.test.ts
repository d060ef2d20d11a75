import { oauthSettings, type OAuthConfig } from './oauth-settings';

const config: OAuthConfig = {
  OAUTH_JWT_SECRET: 'a-signing-secret',
  OAUTH_ISSUER: 'https://identity.example.com',
  OAUTH_AUDIENCE: 'store-api',
  ACCESS_TOKEN_TTL_SECONDS: 3_600,
  AUTHORIZATION_CODE_TTL_SECONDS: 300,
  REFRESH_TOKEN_TTL_DAYS: 90,
};

describe('oauthSettings', () => {
  it('builds the token and code settings from a signing secret', () => {
    expect(oauthSettings(config)).toEqual({
      accessToken: { secret: 'a-signing-secret', issuer: 'https://identity.example.com', audience: 'store-api', ttlSeconds: 3_600 },
      codeTtlMs: 300_000,
      refreshTokenTtlMs: 90 * 86_400_000,
    });
  });

  it('gives none without a signing secret, so no OAuth is served', () => {
    expect(oauthSettings({ ...config, OAUTH_JWT_SECRET: undefined })).toBeUndefined();
    expect(oauthSettings({ ...config, OAUTH_JWT_SECRET: '' })).toBeUndefined();
  });
});
