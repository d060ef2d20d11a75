import type { Logger } from '@commerce/observability';
import type { OrdersDeps } from './orders-deps';

/** Removes the deleted rates whose tax_rate/deleted is published; a rate deleted since waits for the next run. */
export async function purgeDeletedTaxRates(deps: Pick<OrdersDeps, 'taxRates'>, logger: Pick<Logger, 'info'>): Promise<void> {
  const purged = await deps.taxRates.purgeDeleted();
  if (purged > 0) logger.info({ purged }, 'deleted tax rates purged');
}
