import type { Request, Response, Router } from 'express';
import { checkAuthorizationRequest, redirectWith, type AuthorizationParams } from '../app/authorization-request';
import { issueAuthorizationCode } from '../app/issue-authorization-code';
import { asksConsent } from '../domain/oauth-client';
import { csrfRejected, single, type PagesContext } from './pages.context';
import { locationOf, type PlatformOrigin } from './platform-origin';
import { sessionOf, signedInUserOf } from './session';
import { consentPage } from './views/consent.view';
import { messagePage } from './views/message.view';

const PARAM_NAMES = ['client_id', 'redirect_uri', 'response_type', 'scope', 'state', 'code_challenge', 'code_challenge_method'] as const;

/**
 * The request's parameters, or the name of one given more than once: RFC 6749 §3.1 forbids repeating
 * them, and picking one of two redirect_uri (or dropping a second code_challenge) would act on a request
 * nobody can vouch for.
 */
function authorizationParams(source: Record<string, unknown>): { params: AuthorizationParams } | { repeated: string } {
  const params: AuthorizationParams = {};
  for (const name of PARAM_NAMES) {
    const value = source[name];
    if (value === undefined) continue;
    if (typeof value !== 'string') return { repeated: name };
    params[name] = value;
  }
  return { params };
}

/** A repeated parameter gets the error page: the redirect URI cannot be trusted, so nothing is redirected. */
function refuseRepeated(res: Response, name: string): void {
  res
    .status(400)
    .type('html')
    .send(messagePage('Authorization failed', `The request is invalid: ${name} was given more than once.`));
}

/**
 * The authorization dialog (RFC 6749 §4.1.1): sign-in when needed, then consent (for an app; the platform's own dashboard
 * asks none), then back to the client with a code. A request whose client or redirect URI cannot be trusted gets an error
 * page and is never redirected.
 */
export function authorizeRoutes(router: Router, context: PagesContext): void {
  router.get('/oauth/authorize', async (req, res) => {
    const read = authorizationParams(req.query as Record<string, unknown>);
    if ('repeated' in read) return refuseRepeated(res, read.repeated);
    const { params } = read;
    const platform = context.platformOrigin(req);
    const check = await checkAuthorizationRequest(context.deps.apps, params, platform?.origin);
    if (check.kind === 'untrusted') return void res.status(400).type('html').send(messagePage('Authorization failed', check.message));
    if (check.kind === 'redirect')
      return backToClient(res, platform, check.redirectUri, {
        error: check.error,
        error_description: check.description,
        state: check.state,
      });

    const session = sessionOf(res);
    const user = signedInUserOf(res);
    if (!user) return void res.redirect(303, `/signin?return_to=${encodeURIComponent(authorizeUrl(params))}`);
    const { request } = check;
    if (!asksConsent(request.client)) {
      const code = await issueAuthorizationCode(context.deps, context.oauth, request, user.id);
      return backToClient(res, platform, request.redirectUri, { code, state: request.state });
    }
    res.type('html').send(
      consentPage({
        csrf: context.codec.csrfToken(session),
        appName: request.client.name,
        userLogin: user.login,
        scopes: request.scopes,
        hidden: params as Record<string, string>,
      }),
    );
  });

  router.post('/oauth/authorize', async (req: Request, res: Response) => {
    if (csrfRejected(context, req, res)) return;
    const read = authorizationParams(req.body as Record<string, unknown>);
    if ('repeated' in read) return refuseRepeated(res, read.repeated);
    const { params } = read;
    const platform = context.platformOrigin(req);
    const check = await checkAuthorizationRequest(context.deps.apps, params, platform?.origin);
    if (check.kind === 'untrusted') return void res.status(400).type('html').send(messagePage('Authorization failed', check.message));
    if (check.kind === 'redirect')
      return backToClient(res, platform, check.redirectUri, {
        error: check.error,
        error_description: check.description,
        state: check.state,
      });

    const { userId } = sessionOf(res);
    if (!userId) return void res.redirect(303, `/signin?return_to=${encodeURIComponent(authorizeUrl(params))}`);
    const { request } = check;
    if (single((req.body as Record<string, unknown>).decision) !== 'approve') {
      const denied = { error: 'access_denied', error_description: 'The user denied the request', state: request.state };
      return backToClient(res, platform, request.redirectUri, denied);
    }
    const code = await issueAuthorizationCode(context.deps, context.oauth, request, userId);
    backToClient(res, platform, request.redirectUri, { code, state: request.state });
  });
}

/** Sends the browser to the client's redirect URI with the answer (a code, or an error) added. */
function backToClient(res: Response, platform: PlatformOrigin | undefined, redirectUri: string, answer: Record<string, string>): void {
  res.redirect(303, locationOf(redirectWith(redirectUri, answer), platform));
}

function authorizeUrl(params: AuthorizationParams): string {
  return `/oauth/authorize?${new URLSearchParams(params as Record<string, string>).toString()}`;
}
