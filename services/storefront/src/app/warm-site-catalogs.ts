import type { Logger } from '@commerce/observability';
import type { BackgroundTask } from '@commerce/service-host';
import type { SiteCatalogSource } from './storefront-deps';

/** The catalog projection's stores by their last change (infra/catalog-projection.repository.ts). */
export interface RecentlyChangedStores {
  /** The stores whose projection version moved at or after `since`, the latest first, at most `limit`. */
  storesChangedSince(since: Date, limit: number): Promise<number[]>;
}

/** A store whose catalog changed within this long before the start is warmed. */
export const WARM_UP_WINDOW_MS = 7 * 24 * 60 * 60 * 1000;

export interface CatalogWarmUpDeps {
  stores: RecentlyChangedStores;
  /** The site's catalogs (app/site-catalogs.ts): a page asking for a store being warmed shares its read. */
  catalogs: SiteCatalogSource;
  clock: () => Date;
  logger: Pick<Logger, 'info' | 'warn'>;
  /** The most stores warmed: no more than the site keeps, or the last ones warmed would push out the first. */
  maxStores: number;
}

export interface CatalogWarmUpTask extends BackgroundTask {
  /** Resolves once the warm-up is over: every store warmed or skipped, or stopped early. */
  readonly finished: Promise<void>;
}

/**
 * Once the service serves, reads in the background the catalogs of the stores whose catalog changed in the last 7
 * days, the latest first, one store at a time (docs/buyer-site.md#where-the-data-comes-from-and-caching): after a
 * restart, the first page of an active store finds its catalog kept instead of waiting for its whole read. A store
 * that fails is logged and skipped; stopping ends it after the store being read.
 */
export function catalogWarmUp(deps: CatalogWarmUpDeps): CatalogWarmUpTask {
  let stopped = false;
  let finished = Promise.resolve();
  return {
    name: 'catalog warm-up',
    get finished() {
      return finished;
    },
    start() {
      finished = warmUp(deps, () => stopped);
    },
    async stop() {
      stopped = true;
      await finished;
    },
  };
}

async function warmUp(deps: CatalogWarmUpDeps, stopped: () => boolean): Promise<void> {
  const started = deps.clock();
  const storeIds = await changedLately(deps, started);
  let warmed = 0;
  for (const storeId of storeIds) {
    if (stopped()) break;
    try {
      await deps.catalogs.catalogOf(storeId);
      warmed += 1;
    } catch (error) {
      deps.logger.warn({ err: error, store_id: storeId }, "catalog warm-up could not read a store's catalog");
    }
  }
  const ms = deps.clock().getTime() - started.getTime();
  deps.logger.info({ warmed, stores: storeIds.length, ms }, 'catalogs of the stores changed lately warmed');
}

/** The stores to warm; none when they cannot be listed (their first pages read them, as without a warm-up). */
async function changedLately(deps: CatalogWarmUpDeps, now: Date): Promise<number[]> {
  try {
    return await deps.stores.storesChangedSince(new Date(now.getTime() - WARM_UP_WINDOW_MS), deps.maxStores);
  } catch (error) {
    deps.logger.warn({ err: error }, 'catalog warm-up could not list the stores changed lately');
    return [];
  }
}
