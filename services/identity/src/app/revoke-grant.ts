import type { RevocationReason } from '../domain/grant';
import type { GrantRepository } from '../infra/grant.repository';
import type { UserRepository } from '../infra/user.repository';
import { revocationEvents } from './grant-events';

export interface RevokeDeps {
  grants: GrantRepository;
  users: UserRepository;
  clock: () => Date;
}

/** Revokes one grant (its access and refresh tokens die with it) and tells the gateways. */
export async function revokeGrant(
  deps: RevokeDeps,
  grantId: number,
  reason: RevocationReason,
  uninstalled?: { appName: string },
): Promise<boolean> {
  const grant = await deps.grants.findById(grantId);
  if (!grant || grant.revoked_at) return false;
  const storeId = (await deps.users.findById(grant.user_id))?.store_id ?? 0;
  const now = deps.clock();
  return (await deps.grants.revoke(grantId, reason, now, (current) => revocationEvents(current, storeId, now, uninstalled))) !== null;
}

/**
 * The user removes an app (account panel) or its developer deletes it: every active grant of that
 * user and app is revoked; `app/uninstalled` is published once, with the first of them.
 */
export async function uninstallApp(
  deps: RevokeDeps,
  userId: number,
  app: { client_id: string; name: string },
  reason: RevocationReason,
): Promise<number> {
  let revoked = 0;
  for (const grant of await deps.grants.listActive({ user_id: userId, client_id: app.client_id })) {
    if (await revokeGrant(deps, grant.id, reason, revoked === 0 ? { appName: app.name } : undefined)) revoked++;
  }
  return revoked;
}

/** A deleted app loses every user's authorization. */
export async function uninstallAppEverywhere(deps: RevokeDeps, app: { client_id: string; name: string }): Promise<void> {
  const userIds = new Set((await deps.grants.listActive({ client_id: app.client_id })).map((grant) => grant.user_id));
  for (const userId of userIds) await uninstallApp(deps, userId, app, 'app_deleted');
}
