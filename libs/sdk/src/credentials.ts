import { apiErrorOfResponse } from './errors';

/** An OAuth token pair as `/oauth/token` answers it (docs/oauth.md#token-endpoint). */
export interface OAuthTokens {
  accessToken: string;
  refreshToken: string;
  /** Seconds the access token lives, when the token endpoint said. */
  expiresIn?: number;
  scope?: string;
}

export interface ApiKeyCredentials {
  /** The store's API key (`sck_...`): full access to that store. */
  apiKey: string;
}

export interface OAuthCredentials {
  accessToken: string;
  refreshToken: string;
  clientId: string;
  /** The app's secret; absent for a public client (a browser app, docs/oauth.md#the-dashboards-first-party-client). */
  clientSecret?: string;
  /**
   * Called with every new pair the client got by refreshing, before the call that needed it goes on. The old refresh
   * token is spent at that moment: persist these, or the next start of the app has no working token.
   */
  onTokens?: (tokens: OAuthTokens) => void | Promise<void>;
}

/** Puts the credential on each request and, for OAuth, gets a new token pair when the API refuses the one it has. */
export interface Credentials {
  /** The request with the credential's header; `token` is what it sent, to tell a stale token from a refused one. */
  authorize(request: Request): { request: Request; token: string };
  /** Whether a 401 for a request sent with `token` may be cured by a refresh (then `refreshAfter` does it). */
  canRefresh: boolean;
  refreshAfter(rejectedToken: string): Promise<void>;
  current(): OAuthTokens | undefined;
}

export function apiKeyCredentials({ apiKey }: ApiKeyCredentials): Credentials {
  return {
    authorize(request) {
      request.headers.set('API-KEY', apiKey);
      return { request, token: apiKey };
    },
    canRefresh: false,
    refreshAfter: async () => undefined,
    current: () => undefined,
  };
}

/**
 * OAuth tokens that refresh themselves (docs/oauth.md#token-endpoint): a 401 on a call sent with the access token
 * held now starts one refresh (`grant_type=refresh_token` with the client's credentials); calls refused meanwhile
 * wait for that same refresh rather than spending the rotated refresh token a second time, which identity treats as
 * theft and answers by revoking the grant.
 */
export function oauthCredentials(options: OAuthCredentials, tokenUrl: string, send: (request: Request) => Promise<Response>): Credentials {
  let tokens: OAuthTokens = { accessToken: options.accessToken, refreshToken: options.refreshToken };
  let refreshing: Promise<void> | undefined;

  async function refresh(): Promise<void> {
    const form = new URLSearchParams({
      grant_type: 'refresh_token',
      refresh_token: tokens.refreshToken,
      client_id: options.clientId,
      ...(options.clientSecret ? { client_secret: options.clientSecret } : {}),
    });
    const response = await send(
      new Request(tokenUrl, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
        body: form,
      }),
    );
    if (!response.ok) throw await apiErrorOfResponse(response);
    const answer = (await response.json()) as { access_token: string; refresh_token: string; expires_in?: number; scope?: string };
    tokens = { accessToken: answer.access_token, refreshToken: answer.refresh_token, expiresIn: answer.expires_in, scope: answer.scope };
    await options.onTokens?.({ ...tokens });
  }

  return {
    authorize(request) {
      request.headers.set('Authorization', `Bearer ${tokens.accessToken}`);
      return { request, token: tokens.accessToken };
    },
    canRefresh: true,
    async refreshAfter(rejectedToken) {
      // Another call already replaced the token this one was refused with: retry with the new one.
      if (rejectedToken !== tokens.accessToken) return;
      refreshing ??= refresh().finally(() => (refreshing = undefined));
      await refreshing;
    },
    current: () => ({ ...tokens }),
  };
}
