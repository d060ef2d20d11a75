import type { Logger } from '@commerce/observability';
import type { Request, Response } from 'express';
import type { IdentityDeps, OAuthSettings } from '../app/identity-deps';
import type { PlatformOrigin } from './platform-origin';
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
  /** The platform's origin, for the dashboard's redirect URI (platform-origin.ts). */
  platformOrigin: (req: Request) => PlatformOrigin | undefined;
  logger: Logger;
}

/** Sign-in's landing when asked for nothing else: the owner dashboard (docs/oauth.md#the-dashboards-first-party-client). */
const DEFAULT_RETURN_TO = '/admin';

/** Where a form may send the browser after sign-in: our own dialog, the account pages or the dashboard, nowhere else. */
export function safeReturnTo(value: unknown): string {
  if (typeof value !== 'string') return DEFAULT_RETURN_TO;
  const allowed =
    value.startsWith('/oauth/authorize?') || value === '/account' || value.startsWith('/account?') || value === DEFAULT_RETURN_TO;
  return allowed && !value.includes('\\') ? value : DEFAULT_RETURN_TO;
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
