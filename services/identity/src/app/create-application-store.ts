import { isDomainError, unauthenticated, validationFailed } from '@commerce/grpc-runtime';
import type { identity } from '@commerce/contracts';
import { APP_CREATED_STORE_SCOPES } from '../domain/scope';
import { authenticateApp } from './authenticate-client';
import { createStoreAccount } from './create-store-account';
import type { IdentityDeps } from './identity-deps';
import { issueTokens, newGrant } from './issue-tokens';
import { oauthOf, OAuthError } from './oauth-error';

/** The account's field names as the app sent them (`owner[email]`; the gateway brackets the dots). */
const OWNER_FIELDS: Record<string, string> = { email: 'owner.email', login: 'owner.login', password: 'owner.password' };

/**
 * POST /v1/application/stores: an app (by client id and secret) opens a store for a new user and
 * receives tokens for that user with the store's scopes (not `account`), as if the user had authorized it.
 */
export async function createApplicationStore(
  deps: Pick<
    IdentityDeps,
    | 'users'
    | 'keys'
    | 'apps'
    | 'grants'
    | 'refreshTokens'
    | 'loginAttempts'
    | 'nextUserId'
    | 'nextGrantId'
    | 'storefront'
    | 'clock'
    | 'oauth'
    | 'loginThrottle'
  >,
  request: identity.CreateApplicationStoreRequest,
) {
  const oauth = oauthOf(deps);
  const app = await authenticateApp(deps.apps, request.client_id, request.client_secret).catch((error: unknown) => {
    throw error instanceof OAuthError ? unauthenticated('Application authentication failed: check client_id and secret') : error;
  });
  const account = await createStoreAccount(deps, {
    name: request.name,
    subdomain: request.subdomain,
    email: request.owner_email,
    password: request.owner_password,
    login: request.owner_login,
    time_zone: '',
  }).catch((error: unknown) => {
    throw isDomainError(error) && error.fieldViolations ? validationFailed(renameOwnerFields(error.fieldViolations)) : error;
  });
  const grant = await newGrant(deps, await deps.nextGrantId(), {
    userId: account.user.id,
    clientId: app.client_id,
    scopes: [...APP_CREATED_STORE_SCOPES],
  });
  const token = await issueTokens(deps, oauth, grant, grant.scopes);
  return { user: account.user, store_id: account.store_id, token };
}

function renameOwnerFields(violations: Record<string, string[]>): Record<string, string[]> {
  return Object.fromEntries(Object.entries(violations).map(([field, messages]) => [OWNER_FIELDS[field] ?? field, messages]));
}
