import { createClient, type CommerceClient, type OAuthTokens } from '@commerce/sdk';
import type { AppData } from './app-data.js';
import type { Config } from './config.js';

/**
 * One SDK client per installed store, acting with that store's OAuth tokens. One client per store matters: the client
 * refreshes an expired token once however many calls wait on it, and a refresh token spent twice revokes the grant
 * (docs/oauth.md#token-endpoint). Every rotated pair is saved before the call that needed it goes on.
 */
export class StoreClients {
  private readonly clients = new Map<number, CommerceClient>();

  constructor(
    private readonly config: Config,
    private readonly data: AppData,
  ) {}

  /**
   * A client for the tokens an install just got, before the app knows their store: read `client.tokens()` when
   * saving them, since a call may have rotated them meanwhile.
   */
  forInstall(tokens: OAuthTokens): CommerceClient {
    return this.create(tokens);
  }

  /** The client of an installed store, from its saved tokens; undefined once it uninstalled the app. */
  of(storeId: number): CommerceClient | undefined {
    const store = this.data.store(storeId);
    if (!store) return undefined;
    let client = this.clients.get(storeId);
    if (!client) {
      client = this.create(store.tokens, (rotated) => this.data.saveTokens(storeId, rotated));
      this.clients.set(storeId, client);
    }
    return client;
  }

  forget(storeId: number): void {
    this.clients.delete(storeId);
  }

  private create(tokens: OAuthTokens, onTokens?: (tokens: OAuthTokens) => Promise<void>): CommerceClient {
    return createClient({
      baseUrl: this.config.commerceUrl,
      accessToken: tokens.accessToken,
      refreshToken: tokens.refreshToken,
      clientId: this.config.clientId,
      clientSecret: this.config.clientSecret,
      headers: { 'User-Agent': 'low-stock-alert/0.1' },
      onTokens,
    });
  }
}
