import type { Logger } from '@commerce/observability';
import type { Request, Response } from 'express';
import type { IdentityDeps, OAuthSettings } from '../app/identity-deps';
import { messagePage } from './views/message.view';
import { sessionOf, type CookieSettings, type SessionCodec } from './session';

/** What every route of the pages server uses. */
export interface PagesContext {
  deps: IdentityDeps;
  oauth: OAuthSettings;
  codec: SessionCodec;
  cookies: CookieSettings;
  /** The client's address, for sign-in throttling (client-address.ts). */
  clientAddress: (req: Request) => string;
  logger: Logger;
}

/** Where a form may send the browser after sign-in: our own dialog or account pages, nowhere else. */
export function safeReturnTo(value: unknown): string {
  if (typeof value !== 'string') return '/admin';
  const allowed = value.startsWith('/oauth/authorize?') || value === '/admin' || value.startsWith('/admin?');
  return allowed && !value.includes('\\') ? value : '/admin';
}

/** Forms carry the session's CSRF token; without it the post is refused and nothing changes. */
export function csrfRejected(context: PagesContext, req: Request, res: Response): boolean {
  const body = (req.body ?? {}) as Record<string, unknown>;
  if (context.codec.checkCsrf(sessionOf(res), body.csrf_token)) return false;
  res
    .status(403)
    .type('html')
    .send(messagePage('Form expired', 'This form has expired or did not come from this site. Go back, reload the page and try again.'));
  return true;
}

/** One string form field; a repeated one counts as absent. (The authorization request refuses repeats outright: authorize.routes.ts.) */
export function single(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}
