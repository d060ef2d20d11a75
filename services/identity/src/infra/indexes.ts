import type { Database } from '@commerce/persistence';
import type { LoginAttemptRecord } from '../domain/login-throttle';
import { ApiKeyRepository, type ApiKeyDocument } from './api-key.repository';
import { AppRepository, type AppDocument } from './app.repository';
import { AuthorizationCodeRepository, type AuthorizationCodeDocument } from './authorization-code.repository';
import { GrantRepository, type GrantDocument } from './grant.repository';
import { LoginAttemptRepository } from './login-attempt.repository';
import { RefreshTokenRepository, type RefreshTokenDocument } from './refresh-token.repository';
import { UserRepository, type UserDocument } from './user.repository';
/** Every lookup the repositories make is backed by one of these; the unique ones keep ids, e-mails, logins and hashes single. */
export async function ensureIdentityIndexes(db: Database): Promise<void> {
  const c = {
    users: db.collection<UserDocument>(UserRepository.collection),
    keys: db.collection<ApiKeyDocument>(ApiKeyRepository.collection),
    apps: db.collection<AppDocument>(AppRepository.collection),
    grants: db.collection<GrantDocument>(GrantRepository.collection),
    codes: db.collection<AuthorizationCodeDocument>(AuthorizationCodeRepository.collection),
    refreshTokens: db.collection<RefreshTokenDocument>(RefreshTokenRepository.collection),
    loginAttempts: db.collection<LoginAttemptRecord>(LoginAttemptRepository.collection),
  };
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
