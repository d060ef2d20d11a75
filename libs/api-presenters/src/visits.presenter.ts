import type { storefront } from '@commerce/contracts';
import { z } from 'zod';

const counts = { visits: z.number().int(), visitors: z.number().int() };

/** What presentStoreVisits renders (the OpenAPI document's `StoreVisits`). */
export const storeVisitsJson = z
  .strictObject({
    weekly_visits: z.array(z.strictObject({ weekly_visit: z.strictObject({ week: z.string(), ...counts }) })),
    daily_visits: z.array(z.strictObject({ daily_visit: z.strictObject({ day: z.string(), ...counts }) })),
  })
  .meta({ id: 'StoreVisits', description: 'oldest first' });

export type StoreVisitsJson = z.infer<typeof storeVisitsJson>;

/**
 * Visit statistics as docs/visits.md#definitions renders them: `weekly_visits: [{weekly_visit: {week, visits, visitors}}]` and
 * `daily_visits: [{daily_visit: {day, visits, visitors}}]`, oldest first. The answer of GET /v1/store/visits
 * and /v1/store/marketplace_visits.
 */
export function presentStoreVisits(response: storefront.GetStoreVisitsResponse): StoreVisitsJson {
  return {
    weekly_visits: response.weekly_visits.map(({ week, visits, visitors }) => ({ weekly_visit: { week, visits, visitors } })),
    daily_visits: response.daily_visits.map(({ day, visits, visitors }) => ({ daily_visit: { day, visits, visitors } })),
  };
}
