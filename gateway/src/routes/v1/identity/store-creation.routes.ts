import type { Router } from 'express';
import { presentStore } from '@commerce/api-presenters';
import type { BackendClients } from '../../../clients';
import { ok } from '../../../http/envelope';
import { dataAnswer, storeJson } from '../../../openapi/answers';
import { operation } from '../../../openapi/operation';
import { createStoreInput } from './identity.schemas';
import { oauthRequired } from './me.routes';

/** POST /v1/stores: the OAuth user's one store (docs/api-conventions.md#store); a second one is a 409. */
export function storeCreationRoutes(router: Router, clients: BackendClients): void {
  router.post(
    '/stores',
    operation(
      {
        summary: "Create the user's store",
        description: 'An OAuth user has one store: a second is a 409.',
        tag: 'Users',
        auth: 'user',
        input: createStoreInput,
        answer: dataAnswer(storeJson),
      },
      async (_req, res, { principal, call, input: params }) => {
        if (principal.kind !== 'oauth') throw oauthRequired();
        const input = params();
        const { store_id } = await clients.identity.createUserStore(
          {
            user_id: principal.userId,
            name: input.name,
            subdomain: input.subdomain,
            paypal_email: input.paypal_email ?? '',
            time_zone: input.time_zone ?? '',
          },
          call,
        );
        const { store } = await clients.stores.getStore({ store_id }, call);
        ok(res, presentStore(store!));
      },
    ),
  );
}
