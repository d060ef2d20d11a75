import { shownDays, shownWeeks, weekdayName, weekLabel, type VisitTally } from '../domain/visits';
import type { VisitCountDocument } from '../infra/visit.repository';
import { getStore } from './get-store';
import type { StorefrontDeps } from './storefront-deps';

export interface StoreVisits {
  weekly_visits: Array<{ week: string } & VisitTally>;
  daily_visits: Array<{ day: string } & VisitTally>;
}

/**
 * The last 8 weeks and 7 days of a store's visits (all, or those that entered through the marketplace), in
 * the store's zone as it is now, oldest first, zeros where nobody came. Reads at most 15 counter documents.
 */
export async function getStoreVisits(
  deps: Pick<StorefrontDeps, 'stores' | 'visits' | 'settings' | 'clock'>,
  storeId: number,
  marketplaceOnly: boolean,
): Promise<StoreVisits> {
  const store = await getStore(deps, storeId);
  const timeZone = store.time_zone || deps.settings.defaultTimeZone;
  const now = deps.clock();
  const days = shownDays(now, timeZone);
  const weeks = shownWeeks(now, timeZone);
  const [dayCounts, weekCounts] = await Promise.all([
    deps.visits.countsOf(storeId, 'day', days),
    deps.visits.countsOf(storeId, 'week', weeks),
  ]);
  const tallyOf = (counts: VisitCountDocument[], start: string): VisitTally => {
    const found = counts.find((count) => count.start === start);
    if (!found) return { visits: 0, visitors: 0 };
    return marketplaceOnly
      ? { visits: found.marketplace_visits, visitors: found.marketplace_visitors }
      : { visits: found.visits, visitors: found.visitors };
  };
  return {
    weekly_visits: weeks.map((start) => ({ week: weekLabel(start), ...tallyOf(weekCounts, start) })),
    daily_visits: days.map((day) => ({ day: weekdayName(day), ...tallyOf(dayCounts, day) })),
  };
}
