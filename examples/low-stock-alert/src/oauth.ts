import { randomUUID } from 'node:crypto';
import * as oauth from 'oauth4webapi';
import type { OAuthTokens } from '@commerce/sdk';
import type { Config } from './config.js';

/** What the app asks for: reading stock, and writing tags and webhooks (docs/oauth.md#scopes). */
export const SCOPES = 'store_read store_write';
/** An install not finished within this time starts again. */
const INSTALL_TTL_MS = 10 * 60_000;

/** One browser's install under way: what its callback must present, kept server-side. */
interface PendingInstall {
  state: string;
  codeVerifier: string;
  expiresAt: number;
}

/**
 * The OAuth side of an install (docs/oauth.md): the authorization server discovered from the API's base URL,
 * the authorization request with PKCE S256 and a state bound to the browser, and the code exchange.
 */
export class OAuthInstaller {
  /** By the id in the browser's install cookie. In memory: an app running several processes keeps these in its store. */
  private readonly pending = new Map<string, PendingInstall>();
  private readonly client: oauth.Client;
  private readonly clientAuth: oauth.ClientAuth;
  private readonly options: { [oauth.allowInsecureRequests]?: boolean };
  readonly redirectUri: string;

  private constructor(
    private readonly as: oauth.AuthorizationServer,
    config: Config,
  ) {
    this.client = { client_id: config.clientId };
    this.clientAuth = oauth.ClientSecretBasic(config.clientSecret);
    this.options = insecureOptions(config.commerceUrl);
    this.redirectUri = `${config.appUrl}/callback`;
  }

  /** RFC 8414 discovery: the issuer must be the URL asked (the platform's PUBLIC_URL). */
  static async discover(config: Config): Promise<OAuthInstaller> {
    const issuer = new URL(config.commerceUrl);
    const options = insecureOptions(config.commerceUrl);
    const response = await oauth.discoveryRequest(issuer, { algorithm: 'oauth2', ...options });
    return new OAuthInstaller(await oauth.processDiscoveryResponse(issuer, response), config);
  }

  /** Starts an install: the URL to send the browser to, and the id its cookie carries back to `finish`. */
  async start(): Promise<{ installId: string; authorizationUrl: URL }> {
    this.dropExpired();
    const install: PendingInstall = {
      state: oauth.generateRandomState(),
      codeVerifier: oauth.generateRandomCodeVerifier(),
      expiresAt: Date.now() + INSTALL_TTL_MS,
    };
    const installId = randomUUID();
    this.pending.set(installId, install);

    const authorizationUrl = new URL(this.as.authorization_endpoint!);
    authorizationUrl.search = new URLSearchParams({
      client_id: this.client.client_id,
      redirect_uri: this.redirectUri,
      response_type: 'code',
      scope: SCOPES,
      state: install.state,
      code_challenge: await oauth.calculatePKCECodeChallenge(install.codeVerifier),
      code_challenge_method: 'S256',
    }).toString();
    return { installId, authorizationUrl };
  }

  /**
   * Finishes an install at the callback: checks the state against the browser's pending install (once), then
   * exchanges the code with the PKCE verifier. Throws on a denial, a forged or replayed callback, or a refused code.
   */
  async finish(installId: string | undefined, callbackUrl: URL): Promise<OAuthTokens> {
    const install = installId === undefined ? undefined : this.pending.get(installId);
    if (installId !== undefined) this.pending.delete(installId);
    if (!install || install.expiresAt < Date.now()) throw new InstallError('This install expired or was not started here: start it again.');

    const params = oauth.validateAuthResponse(this.as, this.client, callbackUrl, install.state);
    const response = await oauth.authorizationCodeGrantRequest(
      this.as,
      this.client,
      this.clientAuth,
      params,
      this.redirectUri,
      install.codeVerifier,
      this.options,
    );
    const tokens = await oauth.processAuthorizationCodeResponse(this.as, this.client, response);
    if (!tokens.refresh_token) throw new InstallError('The token endpoint answered no refresh token.');
    return { accessToken: tokens.access_token, refreshToken: tokens.refresh_token, expiresIn: tokens.expires_in, scope: tokens.scope };
  }

  private dropExpired(): void {
    const now = Date.now();
    for (const [id, install] of this.pending) if (install.expiresAt < now) this.pending.delete(id);
  }
}

/** An install that cannot finish for a reason the user should read. */
export class InstallError extends Error {
  override readonly name = 'InstallError';
}

/** oauth4webapi refuses plain http unless told; only a local platform (`npm start`) should be reached that way. */
function insecureOptions(commerceUrl: string): { [oauth.allowInsecureRequests]?: boolean } {
  return new URL(commerceUrl).protocol === 'http:' ? { [oauth.allowInsecureRequests]: true } : {};
}
