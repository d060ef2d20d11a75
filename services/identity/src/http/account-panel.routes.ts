import type { Response, Router } from 'express';
import { isDomainError, isNotFound } from '@commerce/grpc-runtime';
import { listAuthorizedApps, revokeAppAuthorization } from '../app/authorized-apps';
import { createApp } from '../app/create-app';
import { deleteApp } from '../app/delete-app';
import { rotateApiKey } from '../app/rotate-api-key';
import type { UserDocument } from '../infra/user.repository';
import { csrfRejected, single, type PagesContext } from './pages.context';
import { sessionOf, signedInUserOf } from './session';
import { accountPanelPage, secretShownOncePage } from './views/account-panel.view';
import { messagePage } from './views/message.view';

const NOTICES: Record<string, string> = {
  'app-deleted': 'The app was deleted; every authorization it had is revoked.',
  'app-revoked': 'The app can no longer use your account or your store.',
};

/** The account pages at /account: the store's API key, developer apps, and the apps the user authorized. */
export function accountPanelRoutes(router: Router, context: PagesContext): void {
  const { deps } = context;

  /** The signed-in user, or a redirect to sign-in (answered here). */
  function signedIn(res: Response): UserDocument | undefined {
    const user = signedInUserOf(res);
    if (user) return user;
    res.redirect(303, `/signin?return_to=${encodeURIComponent('/account')}`);
    return undefined;
  }

  router.get('/account', async (req, res) => {
    const user = signedIn(res);
    if (!user) return;
    const [developerApps, authorizedApps] = await Promise.all([deps.apps.listOwnedBy(user.id), listAuthorizedApps(deps, user.id)]);
    res.type('html').send(
      accountPanelPage({
        csrf: context.codec.csrfToken(sessionOf(res)),
        user,
        notice: NOTICES[String(req.query.notice)],
        developerApps,
        authorizedApps,
      }),
    );
  });

  router.post('/account/api-key', async (req, res) => {
    if (csrfRejected(context, req, res)) return;
    const user = signedIn(res);
    if (!user) return;
    if (!user.store_id)
      return void res.status(409).type('html').send(messagePage('No store', 'You have no store, so there is no API key to generate.'));
    const { plaintext } = await rotateApiKey(deps.keys, user.store_id, deps.clock());
    res.type('html').send(secretShownOncePage('New API key', [{ label: 'API key', value: plaintext, secret: true }]));
  });

  router.post('/account/apps', async (req, res) => {
    if (csrfRejected(context, req, res)) return;
    const user = signedIn(res);
    if (!user) return;
    const body = req.body as Record<string, unknown>;
    try {
      const { app, clientSecret } = await createApp(deps, {
        name: single(body.name) ?? '',
        redirect_uri: single(body.redirect_uri) ?? '',
        owner_user_id: user.id,
      });
      res.type('html').send(
        secretShownOncePage(`App ${app.name} created`, [
          { label: 'Client id', value: app.client_id, secret: false },
          { label: 'Client secret', value: clientSecret, secret: true },
          { label: 'Redirect URI', value: app.redirect_uri, secret: false },
        ]),
      );
    } catch (error) {
      if (!isDomainError(error) || !error.fieldViolations) throw error;
      const problems = Object.entries(error.fieldViolations).map(([field, messages]) => `${field} ${messages.join(', ')}`);
      res
        .status(422)
        .type('html')
        .send(messagePage('App not created', `${problems.join('; ')}.`));
    }
  });

  router.post('/account/apps/:clientId/delete', async (req, res) => {
    if (csrfRejected(context, req, res)) return;
    const user = signedIn(res);
    if (!user) return;
    const deleted = await deleteApp(deps, user.id, String(req.params.clientId)).catch(unlessNotFound);
    if (!deleted) return void res.status(404).type('html').send(messagePage('Not found', 'You have no such app.'));
    res.redirect(303, '/account?notice=app-deleted');
  });

  router.post('/account/authorizations/:clientId/revoke', async (req, res) => {
    if (csrfRejected(context, req, res)) return;
    const user = signedIn(res);
    if (!user) return;
    // Only an app can be removed here: not the dashboard (no stored app, docs/oauth.md#the-dashboards-first-party-client), and
    // not a deleted app, whose grants went with it.
    const revoked = await revokeAppAuthorization(deps, user.id, String(req.params.clientId)).catch(unlessNotFound);
    if (!revoked) return void res.status(404).type('html').send(messagePage('Not found', 'No such app is authorized.'));
    res.redirect(303, '/account?notice=app-revoked');
  });
}

/** A use case's NOT_FOUND as undefined, for the page to answer its own 404; anything else goes on. */
function unlessNotFound(error: unknown): undefined {
  if (isNotFound(error)) return undefined;
  throw error;
}
