import type { Principal } from './principal';
import { missingScope, requiredScope } from './scopes';

const apiKey: Principal = { kind: 'api_key', storeId: 7, keyId: 'key-7' };
const oauthWith = (...scopes: string[]): Principal => ({
  kind: 'oauth',
  userId: 42,
  storeId: 7,
  clientId: 'app-1',
  grantId: 'grant-9',
  scopes: new Set(scopes),
});

describe('requiredScope', () => {
  it.each(['GET', 'HEAD'])('asks store_read for %s', (method) => {
    expect(requiredScope(method)).toBe('store_read');
  });

  it.each(['POST', 'PUT', 'PATCH', 'DELETE'])('asks store_write for %s', (method) => {
    expect(requiredScope(method)).toBe('store_write');
  });

  it('lets a route demand its own scope whatever the method', () => {
    expect(requiredScope('GET', 'user')).toBe('user');
    expect(requiredScope('POST', 'user')).toBe('user');
  });
});

describe('missingScope', () => {
  it('never holds back an API key: keys are not scoped', () => {
    expect(missingScope(apiKey, 'store_write')).toBeUndefined();
    expect(missingScope(apiKey, 'user')).toBeUndefined();
  });

  it('answers the scope an OAuth principal lacks', () => {
    const readOnly = oauthWith('user', 'store_read');
    expect(missingScope(readOnly, 'store_read')).toBeUndefined();
    expect(missingScope(readOnly, 'store_write')).toBe('store_write');
  });

  it('does not let store_write stand in for store_read', () => {
    expect(missingScope(oauthWith('store_write'), 'store_read')).toBe('store_read');
  });
});
