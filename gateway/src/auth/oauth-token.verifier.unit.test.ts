import jwt from 'jsonwebtoken';
import { InvalidTokenError, verifyAccessToken, type TokenSettings } from './oauth-token.verifier';

const settings: TokenSettings = { secret: 's'.repeat(32), issuer: 'store-commerce', audience: 'store-commerce-api' };

const inAnHour = () => Math.floor(Date.now() / 1000) + 3600;
const claims = { sub: '42', store_id: 7, client_id: 'app-1', grant_id: 'grant-9', scope: 'user store_read store_write' };

/** Signs like identity does; every part can be overridden to forge a bad token. */
function token(overrides: { payload?: Record<string, unknown>; omit?: string[]; secret?: string; options?: jwt.SignOptions } = {}): string {
  const payload: Record<string, unknown> = { ...claims, exp: inAnHour(), ...overrides.payload };
  for (const name of overrides.omit ?? []) delete payload[name];
  return jwt.sign(payload, overrides.secret ?? settings.secret, {
    algorithm: 'HS256',
    issuer: settings.issuer,
    audience: settings.audience,
    ...overrides.options,
  });
}

function expectInvalid(forged: string) {
  expect(() => verifyAccessToken(forged, settings)).toThrow(InvalidTokenError);
  expect(() => verifyAccessToken(forged, settings)).toThrow('Access token is invalid or expired');
}

describe('verifyAccessToken', () => {
  it('turns a valid token into an OAuth principal with its scopes', () => {
    const principal = verifyAccessToken(token(), settings);
    expect(principal).toEqual({
      kind: 'oauth',
      userId: 42,
      storeId: 7,
      clientId: 'app-1',
      grantId: 'grant-9',
      scopes: new Set(['user', 'store_read', 'store_write']),
    });
  });

  it('reads a token without store_id as a user without a store, and without scope as no scopes', () => {
    const principal = verifyAccessToken(token({ omit: ['store_id', 'scope'] }), settings);
    expect(principal.storeId).toBe(0);
    expect(principal.scopes.size).toBe(0);
  });

  it('refuses a token signed with another secret', () => {
    expectInvalid(token({ secret: 'x'.repeat(32) }));
  });

  it('refuses a token from another issuer or for another audience', () => {
    expectInvalid(token({ options: { issuer: 'someone-else' } }));
    expectInvalid(token({ options: { audience: 'another-api' } }));
  });

  it('refuses an expired token', () => {
    expectInvalid(token({ payload: { exp: Math.floor(Date.now() / 1000) - 10 } }));
  });

  it('refuses a token that never expires', () => {
    expectInvalid(token({ omit: ['exp'] }));
  });

  it('refuses an unsigned token (alg none)', () => {
    const unsigned = jwt.sign({ ...claims, exp: inAnHour() }, '', {
      algorithm: 'none',
      issuer: settings.issuer,
      audience: settings.audience,
    });
    expectInvalid(unsigned);
  });

  it('refuses a token signed with the right secret but another algorithm than the pinned HS256', () => {
    expectInvalid(token({ options: { algorithm: 'HS512' } }));
  });

  it.each(['grant_id', 'client_id', 'sub'])('refuses a token without %s', (claim) => {
    expectInvalid(token({ omit: [claim] }));
  });

  it.each([
    ['a non-numeric subject', { sub: 'alice' }],
    ['an empty subject', { sub: '' }],
    ['a store id that is not a number', { store_id: 'seven' }],
    ['a negative store id', { store_id: -1 }],
    ['a scope that is not a string', { scope: ['store_read'] }],
  ])('refuses a token with %s', (_case, payload) => {
    expectInvalid(token({ payload }));
  });

  it('refuses something that is not a JWT at all', () => {
    expectInvalid('not-a-token');
  });
});
