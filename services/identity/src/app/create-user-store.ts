import { alreadyExists, notFound } from '@commerce/grpc-runtime';
import { openStoreForUser, type OpenStoreDeps } from './open-store';

export interface UserStoreInput {
  user_id: number;
  name: string;
  subdomain: string;
  paypal_email: string;
  time_zone: string;
}

/** POST /v1/stores: a user (signed up, or an app's user) opens their one store. */
export async function createUserStore(deps: OpenStoreDeps, input: UserStoreInput) {
  const user = await deps.users.findById(input.user_id);
  if (!user) throw notFound('user');
  if (user.store_id) throw alreadyExists('This user already has a store');
  const { user: owner, store_id } = await openStoreForUser(deps, user, {
    name: input.name,
    subdomain: input.subdomain,
    support_email: user.email,
    paypal_email: input.paypal_email,
    time_zone: input.time_zone,
  });
  // The store's API key is not shown here: the owner generates one in the account panel (/account) when needed.
  return { user: owner, store_id };
}
