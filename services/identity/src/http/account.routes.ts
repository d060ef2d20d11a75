import type { Router } from 'express';
import { isDomainError } from '@commerce/grpc-runtime';
import { registerUser } from '../app/register-user';
import { signIn } from '../app/sign-in';
import { signOut } from '../app/sign-out';
import { csrfRejected, safeReturnTo, single, type PagesContext } from './pages.context';
import { newSession, sessionOf, setSession, signedInUserOf } from './session';
import { signInPage, signOutPage, signUpPage } from './views/account.view';

/** Sign-in, sign-up and sign-out. Passwords are checked by identity alone and never leave it. */
export function accountRoutes(router: Router, context: PagesContext): void {
  const { codec, cookies, deps } = context;
  const csrfOf = (res: Parameters<typeof sessionOf>[0]) => codec.csrfToken(sessionOf(res));

  router.get('/signin', (req, res) => {
    const returnTo = safeReturnTo(req.query.return_to);
    if (sessionOf(res).userId) return void res.redirect(303, returnTo);
    res.type('html').send(signInPage({ csrf: csrfOf(res), returnTo }));
  });

  router.post('/signin', async (req, res) => {
    if (csrfRejected(context, req, res)) return;
    const body = req.body as Record<string, unknown>;
    const returnTo = safeReturnTo(body.return_to);
    const identifier = single(body.identifier) ?? '';
    const result = await signIn(deps, { identifier, password: single(body.password) ?? '', clientAddress: context.clientAddress(req) });
    if (result.ok) {
      setSession(res, codec, cookies, newSession(result.user));
      return void res.redirect(303, returnTo);
    }
    const view = { csrf: csrfOf(res), returnTo, values: { identifier } };
    if (result.reason === 'throttled') {
      const minutes = Math.ceil(result.retryAfterMs / 60_000);
      res.status(429).set('Retry-After', String(Math.ceil(result.retryAfterMs / 1000)));
      return void res
        .type('html')
        .send(signInPage({ ...view, error: `Too many failed sign-ins. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.` }));
    }
    res
      .status(401)
      .type('html')
      .send(signInPage({ ...view, error: 'The e-mail (or login) or the password is incorrect.' }));
  });

  router.get('/signup', (req, res) => {
    res.type('html').send(signUpPage({ csrf: csrfOf(res), returnTo: safeReturnTo(req.query.return_to) }));
  });

  router.post('/signup', async (req, res) => {
    if (csrfRejected(context, req, res)) return;
    const body = req.body as Record<string, unknown>;
    const returnTo = safeReturnTo(body.return_to);
    const values = { email: single(body.email) ?? '', login: single(body.login) ?? '' };
    try {
      const user = await registerUser(deps, { ...values, password: single(body.password) ?? '' });
      setSession(res, codec, cookies, newSession(user));
      res.redirect(303, returnTo);
    } catch (error) {
      if (!isDomainError(error) || !error.fieldViolations) throw error;
      res
        .status(422)
        .type('html')
        .send(
          signUpPage({ csrf: csrfOf(res), returnTo, values, errors: error.fieldViolations, error: 'Please correct the fields below.' }),
        );
    }
  });

  // A page that asks, not an action: a link or another site's navigation signs nobody out. Its form posts /signout with the
  // session's CSRF token; the dashboard sends its user here to end the sign-in (docs/oauth.md#the-dashboards-first-party-client).
  router.get('/signout', (_req, res) => {
    const user = signedInUserOf(res);
    if (!user) return void res.redirect(303, '/signin');
    res.type('html').send(signOutPage({ csrf: csrfOf(res), login: user.login }));
  });

  router.post('/signout', async (req, res) => {
    if (csrfRejected(context, req, res)) return;
    const { userId } = sessionOf(res);
    if (userId) await signOut(deps, userId);
    setSession(res, codec, cookies, newSession());
    res.redirect(303, '/signin');
  });
}
