import { notFound } from '@commerce/grpc-runtime';
import { canonicalScopes } from '../domain/scope';
import type { AppRepository } from '../infra/app.repository';
import type { GrantDocument } from '../infra/grant.repository';
import { uninstallApp, type RevokeDeps } from './revoke-grant';

/** An app the user authorized: its active grants taken together (a user may have authorized it more than once). */
export interface AuthorizedApp {
  client_id: string;
  name: string;
  /** Every scope its grants hold, in canonical order. */
  scopes: string[];
  /** When the first of those grants was made. */
  authorized_at: Date;
}

type Grant = Pick<GrantDocument, 'client_id' | 'scopes' | 'created_at'>;

/** Folds one app's grants into what the user sees of it. */
function authorizedApp(app: { client_id: string; name: string }, grants: Grant[]): AuthorizedApp {
  return {
    client_id: app.client_id,
    name: app.name,
    scopes: canonicalScopes(grants.flatMap((grant) => grant.scopes)),
    authorized_at: new Date(Math.min(...grants.map((grant) => grant.created_at.getTime()))),
  };
}

/**
 * The apps of the user's active grants, in the order they were first authorized. A grant whose client is no live app
 * is left out: the owner dashboard's (docs/oauth.md#the-dashboards-first-party-client) is no app the user installed.
 */
export async function listAuthorizedApps(
  deps: { apps: AppRepository; grants: RevokeDeps['grants'] },
  userId: number,
): Promise<AuthorizedApp[]> {
  const grants = await deps.grants.listActiveOfUser(userId);
  const apps = await deps.apps.findLiveMany([...new Set(grants.map((grant) => grant.client_id))]);
  const byId = new Map(apps.map((app) => [app.client_id, app]));
  const grouped = new Map<string, Grant[]>();
  for (const grant of grants) if (byId.has(grant.client_id)) grouped.set(grant.client_id, [...(grouped.get(grant.client_id) ?? []), grant]);
  return [...grouped.entries()].map(([clientId, ofApp]) => authorizedApp(byId.get(clientId)!, ofApp));
}

/**
 * The user removes an app they authorized: every active grant of theirs to it ends (its tokens with it) and
 * `app/uninstalled` is published once. NOT_FOUND when none is active: an app never authorized, already revoked,
 * deleted, or the owner dashboard (which a user signs out of, not uninstalls).
 */
export async function revokeAppAuthorization(
  deps: RevokeDeps & { apps: AppRepository },
  userId: number,
  clientId: string,
): Promise<{ app: AuthorizedApp; revokedGrants: number }> {
  const app = await deps.apps.findLive(clientId);
  const grants = app ? await deps.grants.listActive({ user_id: userId, client_id: app.client_id }) : [];
  if (!app || grants.length === 0) throw notFound('Authorized app');
  const revokedGrants = await uninstallApp(deps, userId, app, 'user_revoked');
  // A revocation racing this one ended them first, and answers.
  if (revokedGrants === 0) throw notFound('Authorized app');
  return { app: authorizedApp(app, grants), revokedGrants };
}
