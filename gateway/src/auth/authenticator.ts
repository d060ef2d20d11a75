import type { identity } from '@commerce/contracts';
import type { ServiceClient } from '@commerce/grpc-runtime';
import { ApiKeyCache } from './api-key.cache';
import { verifyAccessToken, type TokenSettings } from './oauth-token.verifier';
import type { Credential, Principal } from './principal';

/** The one identity call authentication needs. */
export type ApiKeyIdentityClient = Pick<ServiceClient<identity.IdentityServiceClient>, 'authenticateApiKey'>;

/**
 * Turns a credential into a principal. API keys are validated by identity over gRPC once, then
 * served from the cache until identity announces a rotation.
 */
export class Authenticator {
  constructor(
    private readonly identityClient: ApiKeyIdentityClient,
    readonly keyCache: ApiKeyCache,
    private readonly tokens: TokenSettings,
  ) {}

  async authenticate(credential: Credential, requestId: string): Promise<Principal> {
    if (credential.kind === 'oauth') return verifyAccessToken(credential.value, this.tokens);
    const keyHash = ApiKeyCache.hash(credential.value);
    const cached = this.keyCache.get(keyHash);
    if (cached) return { kind: 'api_key', storeId: cached.storeId, keyId: cached.keyId };
    const generation = this.keyCache.currentGeneration();
    const { store_id, key_id } = await this.identityClient.authenticateApiKey({ api_key: credential.value }, { requestId });
    this.keyCache.set(keyHash, store_id, key_id, generation);
    return { kind: 'api_key', storeId: store_id, keyId: key_id };
  }
}
