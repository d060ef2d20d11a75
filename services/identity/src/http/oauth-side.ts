import type { Logger } from '@commerce/observability';
import type { BackgroundTask } from '@commerce/service-host';
import type { IdentityDeps } from '../app/identity-deps';
import type { IdentityConfig } from '../config';
import { pagesServer, type PagesServer } from './pages.server';

/** What identity runs for OAuth beside its RPCs: the pages server (its URL once started) and the code purge. */
export interface OAuthSide {
  pages?: PagesServer;
  background: BackgroundTask[];
}

/**
 * The OAuth side, only when OAuth is configured (deps.oauth, set when a signing secret is): without a secret only the
 * API-key RPCs are served, so no pages, no tokens, and no codes to purge.
 */
export function oauthSide(deps: IdentityDeps, config: IdentityConfig, logger: Logger, codePurge: BackgroundTask): OAuthSide {
  if (!deps.oauth) {
    logger.warn('OAUTH_JWT_SECRET is not set: OAuth pages and tokens are not served');
    return { background: [] };
  }
  const pages = pagesServer(deps, config, logger);
  return { pages, background: [pages, codePurge] };
}
