import type { storefront } from '@commerce/contracts';

/**
 * Visit statistics as spec 2.7 renders them: `weekly_visits: [{weekly_visit: {week, visits, visitors}}]` and
 * `daily_visits: [{daily_visit: {day, visits, visitors}}]`, oldest first. The answer of GET /v1/store/visits
 * and /v1/store/marketplace_visits.
 */
export function presentStoreVisits(response: storefront.GetStoreVisitsResponse) {
  return {
    weekly_visits: response.weekly_visits.map(({ week, visits, visitors }) => ({ weekly_visit: { week, visits, visitors } })),
    daily_visits: response.daily_visits.map(({ day, visits, visitors }) => ({ daily_visit: { day, visits, visitors } })),
  };
}

export type StoreVisitsJson = ReturnType<typeof presentStoreVisits>;
