import { appClient, DASHBOARD_CLIENT, DASHBOARD_CLIENT_ID, type OAuthClient } from '../domain/oauth-client';
import type { AppRepository } from '../infra/app.repository';

/** The client a client_id names: the built-in dashboard, or a live developer app (a deleted one is as good as unknown). */
export async function findClient(apps: Pick<AppRepository, 'findLive'>, clientId: string | undefined): Promise<OAuthClient | null> {
  if (clientId === DASHBOARD_CLIENT_ID) return DASHBOARD_CLIENT;
  const app = clientId ? await apps.findLive(clientId) : null;
  return app ? appClient(app) : null;
}
