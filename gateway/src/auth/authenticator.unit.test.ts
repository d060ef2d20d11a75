import jwt from 'jsonwebtoken';
import { GrpcStatus, RemoteError, type CallOptions } from '@commerce/grpc-runtime';
import { ApiKeyCache } from './api-key.cache';
import { Authenticator, type ApiKeyIdentityClient } from './authenticator';
import { InvalidTokenError, type TokenSettings } from './oauth-token.verifier';

const tokens: TokenSettings = { secret: 's'.repeat(32), issuer: 'store-commerce', audience: 'store-commerce-api' };

/** Stands in for identity's AuthenticateApiKey: knows a fixed set of keys, counts the calls. */
function identityKnowing(keys: Record<string, { store_id: number; key_id: string }>) {
  const calls: Array<{ apiKey: string; options?: CallOptions }> = [];
  const grantCalls: string[] = [];
  const client: ApiKeyIdentityClient = {
    checkGrant: async ({ grant_id }) => {
      grantCalls.push(grant_id);
      return grant_id === 'grant-9'
        ? { active: true, user_id: 42, store_id: 8, client_id: 'app-1', scope: 'user store_read' }
        : { active: false, user_id: 0, store_id: 0, client_id: '', scope: '' };
    },
    authenticateApiKey: async ({ api_key }, options) => {
      calls.push({ apiKey: api_key, options });
      const known = keys[api_key];
      if (!known) throw new RemoteError({ code: GrpcStatus.UNAUTHENTICATED, message: 'API key is invalid' });
      return known;
    },
  };
  return { client, calls, grantCalls };
}

function setup() {
  const identity = identityKnowing({ sk_7: { store_id: 7, key_id: 'key-7' }, sk_8: { store_id: 8, key_id: 'key-8' } });
  const cache = new ApiKeyCache();
  const authenticator = new Authenticator(identity.client, cache, tokens);
  return { identity, cache, authenticator };
}

describe('Authenticator', () => {
  it('asks identity about a key it has not seen, forwarding the request id', async () => {
    const { identity, authenticator } = setup();
    const principal = await authenticator.authenticate({ kind: 'api_key', value: 'sk_7' }, 'req-1');
    expect(principal).toEqual({ kind: 'api_key', storeId: 7, keyId: 'key-7' });
    expect(identity.calls).toEqual([{ apiKey: 'sk_7', options: { requestId: 'req-1' } }]);
  });

  it('serves a known key from the cache without calling identity again', async () => {
    const { identity, authenticator } = setup();
    await authenticator.authenticate({ kind: 'api_key', value: 'sk_7' }, 'req-1');
    const second = await authenticator.authenticate({ kind: 'api_key', value: 'sk_7' }, 'req-2');
    expect(second).toEqual({ kind: 'api_key', storeId: 7, keyId: 'key-7' });
    expect(identity.calls).toHaveLength(1);
  });

  it("asks identity again once the store's keys were invalidated, and only for that store", async () => {
    const { identity, cache, authenticator } = setup();
    await authenticator.authenticate({ kind: 'api_key', value: 'sk_7' }, 'req-1');
    await authenticator.authenticate({ kind: 'api_key', value: 'sk_8' }, 'req-2');
    cache.invalidateStore(7);
    await authenticator.authenticate({ kind: 'api_key', value: 'sk_7' }, 'req-3');
    await authenticator.authenticate({ kind: 'api_key', value: 'sk_8' }, 'req-4');
    expect(identity.calls.map((call) => call.apiKey)).toEqual(['sk_7', 'sk_8', 'sk_7']);
  });

  it('does not cache a lookup that raced a rotation of the store', async () => {
    const { cache } = setup();
    let answer: (value: { store_id: number; key_id: string }) => void = () => undefined;
    const calls: string[] = [];
    const slowIdentity: ApiKeyIdentityClient = {
      checkGrant: async () => ({ active: false, user_id: 0, store_id: 0, client_id: '', scope: '' }),
      authenticateApiKey: ({ api_key }) => {
        calls.push(api_key);
        return new Promise((resolve) => (answer = resolve));
      },
    };
    const authenticator = new Authenticator(slowIdentity, cache, tokens);
    const inFlight = authenticator.authenticate({ kind: 'api_key', value: 'sk_old' }, 'req-1');
    cache.invalidateStore(7);
    answer({ store_id: 7, key_id: 'key-old' });
    await expect(inFlight).resolves.toEqual({ kind: 'api_key', storeId: 7, keyId: 'key-old' });
    expect(calls).toEqual(['sk_old']);
    expect(cache.size).toBe(0);
  });

  it("lets identity's UNAUTHENTICATED through and caches nothing", async () => {
    const { identity, cache, authenticator } = setup();
    const attempt = authenticator.authenticate({ kind: 'api_key', value: 'sk_wrong' }, 'req-1');
    await expect(attempt).rejects.toBeInstanceOf(RemoteError);
    await expect(attempt).rejects.toMatchObject({ code: GrpcStatus.UNAUTHENTICATED });
    await expect(authenticator.authenticate({ kind: 'api_key', value: 'sk_wrong' }, 'req-2')).rejects.toMatchObject({
      code: GrpcStatus.UNAUTHENTICATED,
    });
    expect(identity.calls).toHaveLength(2);
    expect(cache.size).toBe(0);
  });

  const signed = (claims: Record<string, unknown>) =>
    jwt.sign(
      { sub: '42', store_id: 7, client_id: 'app-1', grant_id: 'grant-9', scope: 'store_read store_write', ...claims },
      tokens.secret,
      { issuer: tokens.issuer, audience: tokens.audience, expiresIn: '1h' },
    );

  it('verifies an OAuth token locally, asks identity about its grant once, and takes the store and scopes the grant has now', async () => {
    const { identity, authenticator } = setup();
    const principal = await authenticator.authenticate({ kind: 'oauth', value: signed({}) }, 'req-1');
    await authenticator.authenticate({ kind: 'oauth', value: signed({}) }, 'req-2');
    expect(principal).toMatchObject({ kind: 'oauth', userId: 42, storeId: 8, grantId: 'grant-9' });
    expect(principal.kind === 'oauth' && [...principal.scopes]).toEqual(['store_read']);
    expect(identity.grantCalls).toEqual(['grant-9']);
    await expect(authenticator.authenticate({ kind: 'oauth', value: 'forged' }, 'req-3')).rejects.toBeInstanceOf(InvalidTokenError);
    expect(identity.calls).toHaveLength(0);
  });

  it('refuses a token whose grant is revoked, or belongs to another user', async () => {
    const { authenticator } = setup();
    await expect(
      authenticator.authenticate({ kind: 'oauth', value: signed({ grant_id: 'grant-revoked' }) }, 'req-1'),
    ).rejects.toBeInstanceOf(InvalidTokenError);
    await expect(authenticator.authenticate({ kind: 'oauth', value: signed({ sub: '43' }) }, 'req-2')).rejects.toBeInstanceOf(
      InvalidTokenError,
    );
  });

  it('refuses a cached grant from the moment it is revoked', async () => {
    const { authenticator } = setup();
    await authenticator.authenticate({ kind: 'oauth', value: signed({}) }, 'req-1');
    authenticator.grantCache.revoke('grant-9');
    await expect(authenticator.authenticate({ kind: 'oauth', value: signed({}) }, 'req-2')).rejects.toBeInstanceOf(InvalidTokenError);
  });
});
