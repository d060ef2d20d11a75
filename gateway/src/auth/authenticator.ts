import type { identity } from '@commerce/contracts';
import type { ServiceClient } from '@commerce/grpc-runtime';
import { ApiKeyCache } from './api-key.cache';
import { GrantStatusCache, type GrantStatus } from './grant-status.cache';
import { InvalidTokenError, verifyAccessToken, type TokenSettings } from './oauth-token.verifier';
import type { Credential, Principal } from './principal';

/** The identity calls authentication needs. */
export type ApiKeyIdentityClient = Pick<ServiceClient<identity.IdentityServiceClient>, 'authenticateApiKey' | 'checkGrant'>;

/**
 * Turns a credential into a principal. API keys are validated by identity over gRPC once, then
 * served from the cache until identity announces a rotation. Access tokens are verified locally
 * (signature, issuer, audience, expiry), then their grant is checked the same way: once, then
 * cached until identity announces its revocation.
 */
export class Authenticator {
  constructor(
    private readonly identityClient: ApiKeyIdentityClient,
    readonly keyCache: ApiKeyCache,
    private readonly tokens: TokenSettings,
    readonly grantCache: GrantStatusCache = new GrantStatusCache(),
  ) {}

  async authenticate(credential: Credential, requestId: string): Promise<Principal> {
    if (credential.kind === 'oauth') return this.authenticateToken(credential.value, requestId);
    const keyHash = ApiKeyCache.hash(credential.value);
    const cached = this.cachedKeyPrincipal(keyHash);
    if (cached) return cached;
    const generation = this.keyCache.currentGeneration();
    const { store_id, key_id } = await this.identityClient.authenticateApiKey({ api_key: credential.value }, { requestId });
    this.keyCache.set(keyHash, store_id, key_id, generation);
    return { kind: 'api_key', storeId: store_id, keyId: key_id };
  }

  /**
   * The principal of a credential known without any I/O (an API key identity already vouched for),
   * so the middleware can answer most requests synchronously; undefined means call `authenticate`.
   */
  fromCache(credential: Credential): Principal | undefined {
    return credential.kind === 'api_key' ? this.cachedKeyPrincipal(ApiKeyCache.hash(credential.value)) : undefined;
  }

  private cachedKeyPrincipal(keyHash: string): Principal | undefined {
    const entry = this.keyCache.get(keyHash);
    return entry && { kind: 'api_key', storeId: entry.storeId, keyId: entry.keyId };
  }

  private async authenticateToken(token: string, requestId: string): Promise<Principal> {
    const verified = verifyAccessToken(token, this.tokens);
    const grant = await this.grantStatus(verified.grantId, requestId);
    if (!grant.active || grant.userId !== verified.userId) throw new InvalidTokenError('Access token is invalid or expired');
    // The grant's scopes now bound the token's: a narrowed grant narrows tokens issued before it.
    const scopes = new Set([...verified.scopes].filter((scope) => grant.scopes.has(scope)));
    return { ...verified, storeId: grant.storeId, scopes };
  }

  private async grantStatus(grantId: string, requestId: string): Promise<GrantStatus> {
    const cached = this.grantCache.get(grantId);
    if (cached) return cached;
    const generation = this.grantCache.currentGeneration();
    const answer = await this.identityClient.checkGrant({ grant_id: grantId }, { requestId });
    const status: GrantStatus = {
      active: answer.active,
      userId: answer.user_id,
      storeId: answer.store_id,
      scopes: new Set(answer.scope.split(' ').filter(Boolean)),
    };
    this.grantCache.set(grantId, status, generation);
    return status;
  }
}
