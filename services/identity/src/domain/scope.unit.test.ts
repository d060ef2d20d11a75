import { APP_CREATED_STORE_SCOPES, coversScopes, parseScope, SCOPES } from './scope';

describe('parseScope', () => {
  it.each([
    [undefined, ['user', 'store_read']],
    ['', ['user', 'store_read']],
    ['store_write', ['user', 'store_read', 'store_write']],
    ['store_write  user', ['user', 'store_read', 'store_write']],
    ['store_read+store_write', ['user', 'store_read', 'store_write']],
    ['account store_write', ['user', 'store_read', 'store_write', 'account']],
  ])('reads %p as %p: the defaults are always granted, in canonical order', (requested, scopes) => {
    expect(parseScope(requested)).toEqual({ scopes });
  });

  it('names the scopes it does not know', () => {
    expect(parseScope('store_write admin root')).toEqual({ unknown: ['admin', 'root'] });
  });
});

describe('APP_CREATED_STORE_SCOPES', () => {
  it('gives an app that opens a store every scope but account, which only the user consents to', () => {
    expect(SCOPES.filter((scope) => !APP_CREATED_STORE_SCOPES.includes(scope))).toEqual(['account']);
  });
});

describe('coversScopes', () => {
  it('is true only when every asked scope was granted', () => {
    expect(coversScopes(['user', 'store_read'], ['store_read'])).toBe(true);
    expect(coversScopes(['user', 'store_read'], ['store_write'])).toBe(false);
  });
});
