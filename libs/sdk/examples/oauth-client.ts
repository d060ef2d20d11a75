import { createClient, type CommerceClient, type OAuthTokens } from '@commerce/sdk';

/** Where the app keeps a store's tokens between runs (a database row, a secret store). */
export interface TokenVault {
  load(): Promise<OAuthTokens>;
  save(tokens: OAuthTokens): Promise<void>;
}

/**
 * A client acting for a store owner who authorized the app. When the access token has expired, the client refreshes it
 * (once, however many calls are waiting) and hands the new pair to `onTokens`: the old refresh token is spent
 * from then on, so save the new one before anything else.
 */
export async function clientFor(
  baseUrl: string,
  app: { clientId: string; clientSecret: string },
  vault: TokenVault,
): Promise<CommerceClient> {
  const { accessToken, refreshToken } = await vault.load();
  return createClient({ baseUrl, accessToken, refreshToken, ...app, onTokens: (tokens) => vault.save(tokens) });
}
