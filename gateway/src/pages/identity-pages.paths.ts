/**
 * Paths served by identity's pages server and proxied as they are (docs/architecture.md#boundaries-between-services): the authorization
 * dialog, token and revocation endpoints, sign-in, sign-up and sign-out, and the account pages. `/admin` is not one: it is the owner
 * dashboard's, which the gateway serves (docs/oauth.md#the-dashboards-first-party-client).
 */
const PAGE_PREFIXES = ['/oauth/authorize', '/oauth/token', '/oauth/revoke', '/signin', '/signup', '/signout', '/account'];

export function isIdentityPagePath(pathname: string): boolean {
  return PAGE_PREFIXES.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));
}
