import { isIdentityPagePath } from './identity-pages.paths';

describe('isIdentityPagePath', () => {
  it.each(['/oauth/authorize', '/oauth/token', '/oauth/revoke', '/signin', '/signup', '/signout', '/admin', '/admin/apps/sca_1/delete'])(
    'sends %s to identity',
    (path) => {
      expect(isIdentityPagePath(path)).toBe(true);
    },
  );

  it.each(['/v1/store', '/healthz', '/oauth', '/oauth/other', '/administrator', '/signin-now'])('keeps %s in the gateway', (path) => {
    expect(isIdentityPagePath(path)).toBe(false);
  });
});
