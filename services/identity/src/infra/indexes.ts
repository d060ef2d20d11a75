import type { OutboxCollection } from '@commerce/events';
import type { Collection } from '@commerce/persistence';
import type { LoginAttemptRecord } from '../domain/login-throttle';
import type { ApiKeyDocument } from './api-key.repository';
import type { AppDocument } from './app.repository';
import type { AuthorizationCodeDocument } from './authorization-code.repository';
import type { GrantDocument } from './grant.repository';
import type { RefreshTokenDocument } from './refresh-token.repository';
import type { UserDocument } from './user.repository';

/** The service's collections, one per repository. */
export interface IdentityCollections {
  users: Collection<UserDocument>;
  keys: OutboxCollection<ApiKeyDocument>;
  apps: Collection<AppDocument>;
  grants: OutboxCollection<GrantDocument>;
  codes: Collection<AuthorizationCodeDocument>;
  refreshTokens: Collection<RefreshTokenDocument>;
  loginAttempts: Collection<LoginAttemptRecord>;
}

/** Every lookup the repositories make is backed by one of these; the unique ones keep ids, e-mails, logins and hashes single. */
export async function ensureIdentityIndexes(c: IdentityCollections): Promise<void> {
  await c.users.createIndex({ id: 1 }, { unique: true, name: 'users_id' });
  await c.users.createIndex({ email: 1 }, { unique: true, name: 'users_email' });
  await c.users.createIndex({ login: 1 }, { unique: true, name: 'users_login' });
  await c.keys.createIndex({ store_id: 1 }, { unique: true, name: 'api_keys_store' });
  await c.keys.createIndex({ key_hash: 1 }, { unique: true, name: 'api_keys_hash' });
  await c.apps.createIndex({ client_id: 1 }, { unique: true, name: 'apps_client_id' });
  await c.apps.createIndex({ owner_user_id: 1, created_at: 1 }, { name: 'apps_owner' });
  await c.grants.createIndex({ id: 1 }, { unique: true, name: 'grants_id' });
  await c.grants.createIndex({ user_id: 1, client_id: 1 }, { name: 'grants_user_client' });
  await c.grants.createIndex({ client_id: 1, active: 1 }, { name: 'grants_client' });
  await c.codes.createIndex({ code_hash: 1 }, { unique: true, name: 'codes_hash' });
  // The expired-code purge deletes by this one.
  await c.codes.createIndex({ expires_at: 1 }, { name: 'codes_expiry' });
  await c.refreshTokens.createIndex({ token_hash: 1 }, { unique: true, name: 'refresh_tokens_hash' });
  await c.refreshTokens.createIndex({ grant_id: 1 }, { name: 'refresh_tokens_grant' });
  await c.loginAttempts.createIndex({ key: 1 }, { unique: true, name: 'login_attempts_key' });
  // The purge of ended windows deletes by this one.
  await c.loginAttempts.createIndex({ window_started_at: 1 }, { name: 'login_attempts_window' });
}
