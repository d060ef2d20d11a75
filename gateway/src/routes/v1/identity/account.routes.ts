import type { Request, Router } from 'express';
import { apiKeyJson, appJson, authorizedAppJson, createdAppJson, presentApp, presentAuthorizedApp } from '@commerce/api-presenters';
import type { BackendClients } from '../../../clients';
import type { Principal } from '../../../auth/principal';
import { ApiError } from '../../../errors';
import { ok } from '../../../http/envelope';
import { dataAnswer, listAnswer } from '../../../openapi/answers';
import { operation } from '../../../openapi/operation';
import { storeRequired } from '../../route';
import { createAppInput } from './identity.schemas';

/**
 * The owner's account calls (docs/oauth.md#the-account-api): the store's API key, the user's developer apps, the apps
 * they authorized. Account powers, not store data: an OAuth token with the `account` scope only. A store's API key is
 * refused, as Stripe's and Shopify's keys are: a key cannot mint another key or manage who else holds one; the owner can.
 */
const ACCOUNT = { tag: 'Account', auth: 'user', scope: 'account' } as const;

const ownerOnly = () =>
  new ApiError(
    403,
    "This API call needs the owner's OAuth access token with the account scope; a store's API key cannot replace itself or manage apps",
    { errorType: 'OAuthRequired' },
  );

/** The OAuth principal of the call: the owner (an app holding `account` acts for them). */
function ownerOf(principal: Principal): Extract<Principal, { kind: 'oauth' }> {
  if (principal.kind !== 'oauth') throw ownerOnly();
  return principal;
}

/** A client id from the path; one longer than any identity hands out names no app (404, as an unknown one). */
function clientIdOf(req: Request, noun: string): string {
  const clientId = req.params.client_id;
  if (typeof clientId !== 'string' || clientId === '' || clientId.length > 100) throw new ApiError(404, `${noun} not found`);
  return clientId;
}

export function accountRoutes(router: Router, clients: BackendClients): void {
  // The key is in this answer only (identity keeps its hash); the old key stops working at once on every gateway.
  router.post(
    '/store/api_key',
    operation(
      {
        ...ACCOUNT,
        summary: "Replace the store's API key",
        description:
          'Answers a new API key, this once; the old key stops working at once (OAuth tokens are not affected). Only the ' +
          "owner's OAuth token with `account`: an API key is a 403 `OAuthRequired`; a user without a store a 405.",
        answer: dataAnswer(apiKeyJson),
        errors: [405],
      },
      async (_req, res, { principal, call }) => {
        const owner = ownerOf(principal);
        if (!owner.storeId) throw storeRequired();
        const { api_key } = await clients.identity.rotateApiKey({ store_id: owner.storeId }, call);
        ok(res, { api_key });
      },
    ),
  );

  router.get(
    '/apps',
    operation(
      {
        ...ACCOUNT,
        summary: "List the user's developer apps",
        description: 'The OAuth apps the user registered, oldest first; never their secrets.',
        answer: listAnswer('apps', appJson),
      },
      async (_req, res, { principal, call }) => {
        const { apps } = await clients.identity.listApps({ owner_user_id: ownerOf(principal).userId }, call);
        ok(res, { apps: apps.map(presentApp) });
      },
    ),
  );

  // The client secret is in this answer only (identity keeps its hash).
  router.post(
    '/apps',
    operation(
      {
        ...ACCOUNT,
        summary: 'Register a developer app',
        description:
          'Answers the app with its `client_secret`, this once. `redirect_uri` must be https (http only to localhost), ' +
          'without a fragment; it is matched exactly at authorization.',
        input: createAppInput,
        answer: dataAnswer(createdAppJson),
      },
      async (_req, res, { principal, call, input }) => {
        const owner = ownerOf(principal);
        const { name, redirect_uri } = input();
        const created = await clients.identity.createApp({ name, redirect_uri, owner_email: '', owner_user_id: owner.userId }, call);
        ok(res, { ...presentApp(created.app!), client_secret: created.client_secret });
      },
    ),
  );

  router.delete(
    '/apps/:client_id',
    operation(
      {
        ...ACCOUNT,
        summary: 'Delete a developer app',
        description:
          "Every user's authorization of the app is revoked (each publishes `app/uninstalled`); answers the app as it was. " +
          "Another user's app is a 404.",
        answer: dataAnswer(appJson),
      },
      async (req, res, { principal, call }) => {
        const owner = ownerOf(principal);
        const { app } = await clients.identity.deleteApp({ owner_user_id: owner.userId, client_id: clientIdOf(req, 'App') }, call);
        ok(res, presentApp(app!));
      },
    ),
  );

  router.get(
    '/authorized_apps',
    operation(
      {
        ...ACCOUNT,
        summary: 'List the apps the user authorized',
        description: 'Each app with every scope its authorizations hold, in the order first authorized; the owner dashboard is not an app.',
        answer: listAnswer('authorized_apps', authorizedAppJson),
      },
      async (_req, res, { principal, call }) => {
        const { apps } = await clients.identity.listAuthorizedApps({ user_id: ownerOf(principal).userId }, call);
        ok(res, { authorized_apps: apps.map(presentAuthorizedApp) });
      },
    ),
  );

  router.delete(
    '/authorized_apps/:client_id',
    operation(
      {
        ...ACCOUNT,
        summary: "Revoke an app's authorization",
        description:
          'Ends every authorization of the app by the user, with its tokens, and publishes `app/uninstalled`; answers the ' +
          'app as it was authorized. An app the user has not authorized (the owner dashboard included) is a 404.',
        answer: dataAnswer(authorizedAppJson),
      },
      async (req, res, { principal, call }) => {
        const owner = ownerOf(principal);
        const clientId = clientIdOf(req, 'Authorized app');
        const { app } = await clients.identity.revokeAppAuthorization({ user_id: owner.userId, client_id: clientId }, call);
        ok(res, presentAuthorizedApp(app!));
      },
    ),
  );
}
