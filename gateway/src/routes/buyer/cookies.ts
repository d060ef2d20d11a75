import type { Response } from 'express';

/** Names of the buyer site's cookies: first-party and host-only, on the store's own host. */
export const COOKIE = { visitor: 'sc_vid', cart: 'sc_cart', csrf: 'sc_csrf' } as const;

/** A Cookie header past this is not read at all (node already caps headers at 16 KB). */
const MAX_COOKIE_HEADER = 8_192;

/**
 * The value of one cookie in a Cookie header, or undefined. The first occurrence wins: browsers send
 * the cookie with the longest Path first (a cookie of an old `/s/<subdomain>` path before the host-wide one).
 */
export function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header || header.length > MAX_COOKIE_HEADER) return undefined;
  for (const part of header.split(';')) {
    const at = part.indexOf('=');
    if (at === -1 || part.slice(0, at).trim() !== name) continue;
    const value = part.slice(at + 1).trim();
    return value.startsWith('"') && value.endsWith('"') && value.length >= 2 ? value.slice(1, -1) : value;
  }
  return undefined;
}

export interface CookieOptions {
  /** The site's root: `/` on the store's own host (host-only, so two stores never share a cookie). */
  path: string;
  /** Seconds; absent, a session cookie; 0 deletes it. */
  maxAgeS?: number;
}

/**
 * Appends a Set-Cookie: always HttpOnly (no page script needs these) and SameSite=Lax (a form
 * another site posts carries none of them). Not Secure: the site is served over plain http on
 * `*.localhost` too; behind TLS the browser keeps them to the https origin anyway.
 */
export function setCookie(res: Response, name: string, value: string, options: CookieOptions): void {
  const parts = [`${name}=${value}`, `Path=${options.path}`, 'HttpOnly', 'SameSite=Lax'];
  if (options.maxAgeS !== undefined) parts.push(`Max-Age=${options.maxAgeS}`);
  // A deletion spelled both ways: some clients (curl's cookie jar among them) keep a cookie on Max-Age=0 alone.
  if (options.maxAgeS === 0) parts.push('Expires=Thu, 01 Jan 1970 00:00:00 GMT');
  res.append('Set-Cookie', parts.join('; '));
}

/** The cookie Path of a site reached at `basePath` (`''` on the store's own host). */
export const cookiePathOf = (basePath: string): string => basePath || '/';
