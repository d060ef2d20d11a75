import type { Logger } from '@commerce/observability';
import type { StorefrontDeps } from './storefront-deps';

/** Removes the deleted templates whose template/deleted is published; one deleted since waits for the next run. */
export async function purgeDeletedTemplates(deps: Pick<StorefrontDeps, 'templates'>, logger: Pick<Logger, 'info'>): Promise<void> {
  const purged = await deps.templates.purgeDeleted();
  if (purged > 0) logger.info({ purged }, 'deleted templates purged');
}
