import type { Response, Router } from 'express';
import { isDomainError } from '@commerce/grpc-runtime';
import { createApp } from '../app/create-app';
import { rotateApiKey } from '../app/rotate-api-key';
import { uninstallApp, uninstallAppEverywhere } from '../app/revoke-grant';
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
    const [developerApps, grants] = await Promise.all([deps.apps.listOwnedBy(user.id), deps.grants.listActiveOfUser(user.id)]);
    const authorizedApps = await authorizedAppsOf(context, grants);
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
    const app = await deps.apps.findLive(String(req.params.clientId));
    if (!app || app.owner_user_id !== user.id)
      return void res.status(404).type('html').send(messagePage('Not found', 'You have no such app.'));
    await deps.apps.markDeleted(app.client_id, user.id, deps.clock());
    await uninstallAppEverywhere(deps, app);
    res.redirect(303, '/account?notice=app-deleted');
  });

  router.post('/account/authorizations/:clientId/revoke', async (req, res) => {
    if (csrfRejected(context, req, res)) return;
    const user = signedIn(res);
    if (!user) return;
    // Only an app can be removed here: not the dashboard (no stored app, docs/oauth.md#the-dashboards-first-party-client), and
    // not a deleted app, whose grants went with it.
    const app = await deps.apps.findLive(String(req.params.clientId));
    if (!app) return void res.status(404).type('html').send(messagePage('Not found', 'No such app is authorized.'));
    await uninstallApp(deps, user.id, app, 'user_revoked');
    res.redirect(303, '/account?notice=app-revoked');
  });
}

/** The apps of the user's active grants; a grant whose client is no stored app (the dashboard's) is no app the user installed. */
async function authorizedAppsOf(context: PagesContext, grants: Array<{ client_id: string; scopes: string[]; created_at: Date }>) {
  const apps = new Map(
    (await context.deps.apps.findLiveMany([...new Set(grants.map((grant) => grant.client_id))])).map((app) => [app.client_id, app]),
  );
  const byApp = new Map<string, { client_id: string; name: string; scopes: string[]; since: Date }>();
  for (const grant of grants) {
    const app = apps.get(grant.client_id);
    if (!app) continue;
    const seen = byApp.get(app.client_id);
    const scopes = [...new Set([...(seen?.scopes ?? []), ...grant.scopes])];
    byApp.set(app.client_id, {
      client_id: app.client_id,
      name: app.name,
      scopes,
      since: seen && seen.since < grant.created_at ? seen.since : grant.created_at,
    });
  }
  return [...byApp.values()];
}
