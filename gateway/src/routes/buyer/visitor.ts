import { randomBytes } from 'node:crypto';

/**
 * The first-party visitor id the visit statistics count by (DESIGN §8): random, nothing about the
 * buyer in it, kept 400 days (the longest a browser keeps a cookie).
 */
export const VISITOR_MAX_AGE_S = 400 * 24 * 60 * 60;
const VISITOR_ID = /^[A-Za-z0-9_-]{22}$/;

export const newVisitorId = (): string => randomBytes(16).toString('base64url');

/** The cookie's id when it has the shape of one; anything else is no id (a new one is issued). */
export const visitorIdOf = (cookie: string | undefined): string | undefined => (cookie !== undefined && VISITOR_ID.test(cookie) ? cookie : undefined);
