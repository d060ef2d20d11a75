import type { IRouter, RequestHandler } from 'express';
import { z } from 'zod';
import { presentStore } from '@commerce/api-presenters';
import type { BackendClients } from '../../../clients';
import type { AuthFailureLimit } from '../../../rate-limit/auth-failure.limit';
import { ok } from '../../../http/envelope';
import { parseInput } from '../../../http/coerce';
import { noteInputSchema } from '../../../http/ignored-params';
import { readParams, requestParams } from '../../../http/input';
import { dataAnswer, storeJson } from '../../../openapi/answers';
import { documented } from '../../../openapi/operation';
import { createApplicationStoreInput } from './identity.schemas';

const createdStoreAnswer = dataAnswer(storeJson, {
  access_token: z.string(),
  token_type: z.string(),
  expires_in: z.number().int(),
  refresh_token: z.string(),
  scope: z.string(),
});

const APPLICATION_STORE_DOC = {
  summary: 'Create a store and its owner for an app',
  description:
    'The app authenticates with its own `client_id` and `secret` (or `client_secret`) in the parameters, not with a ' +
    "user's credential. The store is `data`; the new owner's tokens sit beside it. A wrong client id or secret (401) " +
    "counts as a failed authentication of the caller's address.",
  tag: 'Applications',
  auth: 'none',
  input: createApplicationStoreInput,
  answer: createdStoreAnswer,
  errors: [401, 409, 429],
  idempotencyKey: false,
} as const;

/**
 * POST /v1/application/stores (docs/oauth.md#the-application-owner-endpoint): the app authenticates with its own client id and
 * secret, not a user's credential, so this route is registered on the app before the /v1 authentication.
 * The store is `data`; the tokens for its new owner sit beside it.
 */
export function applicationStoreRoutes(router: IRouter, clients: BackendClients, failures?: AuthFailureLimit): void {
  // A wrong client id or secret (401) counts as a failed authentication of the caller's address.
  const limitFailures: RequestHandler = (req, res, next) => next(failures?.guard(req, res, (status) => status === 401));
  router.post(
    '/v1/application/stores',
    limitFailures,
    requestParams(),
    documented(APPLICATION_STORE_DOC, async (req, res) => {
      noteInputSchema(res, APPLICATION_STORE_DOC.input);
      const input = parseInput(APPLICATION_STORE_DOC.input, readParams(req));
      const call = { requestId: res.locals.requestId as string, principal: { kind: 'app', client_id: input.client_id } };
      const created = await clients.identity.createApplicationStore(
        {
          client_id: input.client_id,
          client_secret: input.secret ?? input.client_secret ?? '',
          name: input.name,
          subdomain: input.subdomain,
          owner_login: input.owner.login ?? '',
          owner_email: input.owner.email,
          owner_password: input.owner.password,
        },
        call,
      );
      const { store } = await clients.stores.getStore({ store_id: created.store_id }, call);
      const token = created.token!;
      // The answer carries the new owner's tokens: no cache may keep it (sendJson says no-store on every answer).
      ok(res, presentStore(store!), {
        access_token: token.access_token,
        token_type: token.token_type,
        expires_in: token.expires_in,
        refresh_token: token.refresh_token,
        scope: token.scope,
      });
    }),
  );
}
