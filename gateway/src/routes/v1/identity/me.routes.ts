import type { Router } from 'express';
import type { BackendClients } from '../../../clients';
import { ApiError } from '../../../errors';
import { ok } from '../../../http/envelope';
import { presentUser } from '@commerce/api-presenters';
import { dataAnswer, userJson } from '../../../openapi/answers';
import { operation } from '../../../openapi/operation';

/**
 * An API key belongs to a store, not a user (docs/oauth.md#the-user-record, docs/api-conventions.md#credentials): user calls need an OAuth
 * token.
 */
export const oauthRequired = () =>
  new ApiError(403, 'This API call requires an OAuth access token; an API key is tied to a store, not a user', {
    errorType: 'OAuthRequired',
  });

export function meRoutes(router: Router, clients: BackendClients): void {
  router.get(
    '/me',
    operation(
      {
        summary: 'The user of the access token',
        description:
          'The profile of the user the OAuth access token acts for. An API key belongs to a store, not a user: with one ' +
          'this is a 403 `OAuthRequired`.',
        tag: 'Users',
        auth: 'user',
        answer: dataAnswer(userJson),
      },
      async (_req, res, { principal, call }) => {
        if (principal.kind !== 'oauth') throw oauthRequired();
        const { user } = await clients.identity.getUser({ user_id: principal.userId }, call);
        ok(res, presentUser(user!));
      },
    ),
  );
}
