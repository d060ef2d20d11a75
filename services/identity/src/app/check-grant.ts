import type { identity } from '@commerce/contracts';
import { parseGrantId } from '../domain/grant';
import { scopeString } from '../domain/scope';
import type { AppRepository } from '../infra/app.repository';
import type { GrantRepository } from '../infra/grant.repository';
import type { UserRepository } from '../infra/user.repository';
import { findClient } from './find-client';

const INACTIVE: identity.CheckGrantResponse = { active: false, user_id: 0, store_id: 0, client_id: '', scope: '' };

/**
 * What a gateway needs to accept an access token beyond its signature: the grant is still active,
 * its client still exists (the built-in dashboard, or an app not deleted), the scopes it holds now, and
 * the user's store now (which may have been created after the token was issued).
 */
export async function checkGrant(
  deps: { grants: GrantRepository; users: UserRepository; apps: AppRepository },
  grantId: string,
): Promise<identity.CheckGrantResponse> {
  const id = parseGrantId(grantId);
  const grant = id ? await deps.grants.findById(id) : null;
  if (!grant || grant.revoked_at) return INACTIVE;
  const [user, client] = await Promise.all([deps.users.findById(grant.user_id), findClient(deps.apps, grant.client_id)]);
  if (!user || !client) return INACTIVE;
  return { active: true, user_id: user.id, store_id: user.store_id, client_id: grant.client_id, scope: scopeString(grant.scopes) };
}
