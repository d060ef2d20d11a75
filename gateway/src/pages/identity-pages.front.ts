import type { RequestHandler } from 'express';
import { pathnameOf } from '../http/path';
import type { AuthFailureLimit } from '../rate-limit/auth-failure.limit';
import { isIdentityPagePath } from './identity-pages.paths';
import { isPlatformHost } from './platform-host';

/**
 * Which requests are identity's (its paths, on the platform host only) and the limit on its token endpoint; the
 * rest goes on. On a store's host (its subdomain or custom domain) `/signin` and the others are the store's paths
 * (its not-found page): a store's markup never shares an origin with the platform's pages, so it can neither show
 * them in its own origin, read them, nor get a session made there (docs/buyer-site.md#one-origin-per-store).
 * Decided here on the raw path and Host, before the proxy's own (costlier) request matching: every API call passes by.
 */
export function identityPagesFront(
  forward: RequestHandler,
  options: { platformHosts: ReadonlySet<string>; authFailures?: AuthFailureLimit },
): RequestHandler {
  const { platformHosts, authFailures } = options;
  return (req, res, next) => {
    const pathname = pathnameOf(req.url);
    if (!isIdentityPagePath(pathname) || !isPlatformHost(req.headers.host, platformHosts)) return next();
    // A token request identity refuses (400 invalid_grant / invalid_client, 401) is a failed authentication of the address.
    const refused = authFailures && isTokenEndpoint(pathname) ? authFailures.guard(req, res, isTokenFailure) : undefined;
    return refused ? next(refused) : forward(req, res, next);
  };
}

function isTokenEndpoint(pathname: string): boolean {
  return pathname === '/oauth/token' || pathname.startsWith('/oauth/token/');
}

function isTokenFailure(status: number): boolean {
  return status === 400 || status === 401;
}
