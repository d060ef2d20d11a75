import { coversScopes, parseScope } from './scope';

describe('parseScope', () => {
  it.each([
    [undefined, ['user', 'store_read']],
    ['', ['user', 'store_read']],
    ['store_write', ['user', 'store_read', 'store_write']],
    ['store_write  user', ['user', 'store_read', 'store_write']],
    ['store_read+store_write', ['user', 'store_read', 'store_write']],
  ])('reads %p as %p: the defaults are always granted, in canonical order', (requested, scopes) => {
    expect(parseScope(requested)).toEqual({ scopes });
  });

  it('names the scopes it does not know', () => {
    expect(parseScope('store_write admin root')).toEqual({ unknown: ['admin', 'root'] });
  });
});

describe('coversScopes', () => {
  it('is true only when every asked scope was granted', () => {
    expect(coversScopes(['user', 'store_read'], ['store_read'])).toBe(true);
    expect(coversScopes(['user', 'store_read'], ['store_write'])).toBe(false);
  });
});
