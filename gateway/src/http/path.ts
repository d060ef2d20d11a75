import type { RequestHandler } from 'express';

const VERSIONED_PREFIX = '/v1/';
const JSON_SUFFIX = /\.json$/i;

/**
 * Maps every spelling real clients use to the one path routes are written for:
 * `/v1/store.json`, `/v1/store/` and `/v1/store.json/` all become `/v1/store`. One trailing
 * slash goes first, then one `.json`, so `/v1/orders/12.json/` is `/v1/orders/12`. Paths outside
 * `/v1/` (OAuth, pages) are left alone.
 */
export function normalizeApiPath(path: string): string {
  if (!path.startsWith(VERSIONED_PREFIX)) return path;
  const withoutSlash = path.endsWith('/') && path.length > VERSIONED_PREFIX.length ? path.slice(0, -1) : path;
  return withoutSlash.replace(JSON_SUFFIX, '');
}

/** Same as `normalizeApiPath` for a whole request target; the query string is kept untouched. */
export function normalizeApiUrl(url: string): string {
  const path = pathnameOf(url);
  return normalizeApiPath(path) + url.slice(path.length);
}

/** The path of a request target, without its query string. */
export function pathnameOf(url: string): string {
  const queryStart = url.indexOf('?');
  return queryStart === -1 ? url : url.slice(0, queryStart);
}

/** Mount before the routers: rewrites `req.url`, so routing sees the normalized path (`req.originalUrl` keeps the raw one). */
export function normalizePath(): RequestHandler {
  return (req, _res, next) => {
    req.url = normalizeApiUrl(req.url);
    next();
  };
}
