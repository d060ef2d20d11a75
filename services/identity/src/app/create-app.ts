import { checkedFields, notFound, validationFailed } from '@commerce/grpc-runtime';
import type { z } from 'zod';
import { appFields, type AppRecord } from '../domain/app';
import { newClientId, newOpaqueToken, TOKEN_PREFIX } from '../domain/opaque-token';
import { normalizeEmail } from '../domain/user';
import type { AppRepository } from '../infra/app.repository';
import type { UserRepository } from '../infra/user.repository';

/** The app's fields (domain/app.ts) and the developer who owns it. */
export type NewAppInput = z.input<typeof appFields> & { owner_user_id: number };

/** Registers a developer app. The client secret is in the answer only; the app keeps its hash. */
export async function createApp(
  deps: { apps: AppRepository; clock: () => Date },
  input: NewAppInput,
): Promise<{ app: AppRecord; clientSecret: string }> {
  const fields = checkedFields(appFields, { name: input.name, redirect_uri: input.redirect_uri });
  const secret = newOpaqueToken(TOKEN_PREFIX.clientSecret);
  const now = deps.clock();
  const app = await deps.apps.insert({
    client_id: newClientId(),
    client_secret_hash: secret.hash,
    ...fields,
    owner_user_id: input.owner_user_id,
    created_at: now,
    updated_at: now,
    deleted_at: null,
    deleted: false,
  });
  return { app, clientSecret: secret.plaintext };
}

/** The CLI names the developer by e-mail; the account API (POST /v1/apps) by the signed-in user's id. */
export async function createAppForOwner(
  deps: { apps: AppRepository; users: UserRepository; clock: () => Date },
  input: { name: string; redirect_uri: string; owner_email: string; owner_user_id: number },
) {
  const owner = input.owner_user_id
    ? await deps.users.findById(input.owner_user_id)
    : await deps.users.findByEmail(normalizeEmail(input.owner_email));
  if (!owner && input.owner_user_id) throw notFound('User');
  if (!owner) throw validationFailed({ owner_email: ['has no account; sign up (or create a store) first'] });
  return createApp(deps, { name: input.name, redirect_uri: input.redirect_uri, owner_user_id: owner.id });
}
