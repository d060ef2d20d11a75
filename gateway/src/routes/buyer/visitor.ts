import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { RequestHandler, Response } from 'express';

/** Kept 400 days (the longest a browser keeps a cookie). */
export const VISITOR_MAX_AGE_S = 400 * 24 * 60 * 60;
const VISITOR_COOKIE = /^([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{22})$/;

/**
 * The first-party visitor cookie the visit statistics count by (docs/visits.md#who-is-a-visitor),
 * `<id>.<mac>`: the id is 16 random bytes, nothing about the buyer in it; the mac an HMAC-SHA256 of the
 * store id and the id under a key main.ts derives (HKDF) from the gateway's secret for this use alone,
 * cut to 128 bits, base64url. Only ids this platform issued for this store count as a browser, so no
 * client can make up visitors by making up cookies.
 */
export class VisitorIds {
  private readonly key: Buffer;

  /** `key`: 32 bytes shared by every gateway replica; absent (tests), a random key of this process. */
  constructor(key?: Buffer) {
    this.key = key ?? randomBytes(32);
  }

  /** A new cookie value for a browser of this store. */
  issue(storeId: number): string {
    const id = randomBytes(16).toString('base64url');
    return `${id}.${this.macOf(storeId, id)}`;
  }

  /** The id a cookie value carries when this gateway signed it for this store; '' for anything else (none, forged, another store's). */
  idOf(storeId: number, cookie: string | undefined): string {
    const match = cookie === undefined ? null : VISITOR_COOKIE.exec(cookie);
    if (!match) return '';
    // Compared as text: base64url's last character carries spare bits, so decoding would accept four spellings.
    return timingSafeEqual(Buffer.from(match[2]!), Buffer.from(this.macOf(storeId, match[1]!))) ? match[1]! : '';
  }

  private macOf(storeId: number, id: string): string {
    return createHmac('sha256', this.key).update(`visitor:${storeId}:${id}`).digest().subarray(0, 16).toString('base64url');
  }
}

/** Puts the site's VisitorIds where the page renderer finds them (visitorIdsOf), as resolveStore does the store. */
export const visitorIdsFor =
  (ids: VisitorIds): RequestHandler =>
  (_req, res, next) => {
    res.locals.visitorIds = ids;
    next();
  };

export function visitorIdsOf(res: Response): VisitorIds {
  const ids = res.locals.visitorIds as VisitorIds | undefined;
  if (!ids) throw new Error('visitorIdsOf: visitorIdsFor() is not mounted before this route');
  return ids;
}
