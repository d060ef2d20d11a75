import { randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * The buyer forms' CSRF check (double submit): a random token lives in an HttpOnly, SameSite=Lax
 * cookie and, through RenderPage, in a hidden `csrf_token` field of every form; a POST is taken only
 * when the two are equal. Another site can make a browser post, but can neither read the page nor
 * set the cookie, so it cannot send the pair. 32 random bytes, base64url.
 */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

export const newCsrfToken = (): string => randomBytes(32).toString('base64url');

/** The cookie's token when it has the shape of one (a tampered cookie is as good as none). */
export const csrfTokenOf = (cookie: string | undefined): string | undefined =>
  cookie !== undefined && TOKEN.test(cookie) ? cookie : undefined;

/** True only for a well-formed cookie token and an equal form field, compared in constant time. */
export function csrfMatches(cookieToken: string | undefined, formToken: unknown): boolean {
  const expected = csrfTokenOf(cookieToken);
  if (expected === undefined || typeof formToken !== 'string' || formToken.length !== expected.length) return false;
  return timingSafeEqual(Buffer.from(expected), Buffer.from(formToken));
}
