/**
 * Paths served by identity's pages server and proxied as they are (docs/architecture.md#boundaries-between-services): the authorization
 * dialog, token and revocation endpoints, sign-in and sign-up, and the account pages.
 */
const PAGE_PREFIXES = ['/oauth/authorize', '/oauth/token', '/oauth/revoke', '/signin', '/signup', '/signout', '/admin'];

export function isIdentityPagePath(pathname: string): boolean {
  return PAGE_PREFIXES.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));
}
