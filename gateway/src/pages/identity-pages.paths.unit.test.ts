import { isIdentityPagePath } from './identity-pages.paths';

describe('isIdentityPagePath', () => {
  it.each([
    '/oauth/authorize',
    '/oauth/token',
    '/oauth/revoke',
    '/signin',
    '/signup',
    '/signout',
    '/account',
    '/account/apps/sca_1/delete',
  ])('sends %s to identity', (path) => {
    expect(isIdentityPagePath(path)).toBe(true);
  });

  it.each(['/v1/store', '/healthz', '/oauth', '/oauth/other', '/accounts', '/signin-now'])('keeps %s in the gateway', (path) => {
    expect(isIdentityPagePath(path)).toBe(false);
  });

  // The owner dashboard, the gateway's own (docs/oauth.md#the-dashboards-first-party-client), is no identity page.
  it.each(['/admin', '/admin/', '/admin/callback', '/admin/apps/sca_1/delete', '/administrator'])('keeps %s in the gateway', (path) => {
    expect(isIdentityPagePath(path)).toBe(false);
  });
});
