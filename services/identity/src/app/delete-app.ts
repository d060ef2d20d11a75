import { notFound } from '@commerce/grpc-runtime';
import type { AppRecord } from '../domain/app';
import type { AppRepository } from '../infra/app.repository';
import { uninstallAppEverywhere, type RevokeDeps } from './revoke-grant';

/**
 * The developer deletes one of their apps (docs/oauth.md#pages-and-the-account-panel): it is kept, deleted, so its
 * client id is never handed out again, and every user's authorization of it is revoked. Answers the app as it was;
 * NOT_FOUND for another user's app, a deleted one or one that never existed (a client id says nothing of its owner).
 */
export async function deleteApp(deps: RevokeDeps & { apps: AppRepository }, ownerUserId: number, clientId: string): Promise<AppRecord> {
  const app = await deps.apps.findLive(clientId);
  if (!app || app.owner_user_id !== ownerUserId) throw notFound('App');
  // A delete racing this one already revoked (or is revoking) the grants: one of them answers.
  if (!(await deps.apps.markDeleted(app.client_id, ownerUserId, deps.clock()))) throw notFound('App');
  await uninstallAppEverywhere(deps, app);
  return app;
}
