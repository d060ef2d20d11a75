// Visit statistics (docs/visits.md#definitions), pure: the store-zone buckets a page view falls in, the session rule,
// marketplace entry, and the labels the answer shows. No I/O and no clock of its own: callers pass times.

/** Page views less than this far apart belong to one visit (one browser session). */
export const SESSION_GAP_MS = 30 * 60 * 1000;
export const DAYS_SHOWN = 7;
export const WEEKS_SHOWN = 8;

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The buckets of one moment in a store's zone, as local calendar dates `YYYY-MM-DD` (they sort as they run):
 * the day, and the first day of its week (weeks start on Sunday, as M/D/YY dates do in the US).
 */
export interface VisitBuckets {
  day: string;
  week: string;
}

/** Calendar arithmetic on `YYYY-MM-DD` dates, through UTC so that no zone or DST can shift them. */
const toCalendar = (date: string): number => Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10)));
const fromCalendar = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

export const addDays = (date: string, days: number): string => fromCalendar(toCalendar(date) + days * DAY_MS);

/** `Sunday`…`Saturday` of a local calendar date. */
export const weekdayName = (date: string): string => WEEKDAYS[new Date(toCalendar(date)).getUTCDay()]!;

/** The Sunday on or before a local calendar date. */
export const weekStartOf = (date: string): string => addDays(date, -new Date(toCalendar(date)).getUTCDay());

/** `11/22/26` for `2026-11-22`: month/day/two-digit year, no leading zeros on month and day. */
export const weekLabel = (date: string): string => `${Number(date.slice(5, 7))}/${Number(date.slice(8, 10))}/${date.slice(2, 4)}`;

const formatters = new Map<string, Intl.DateTimeFormat>();

/** The local calendar date (`YYYY-MM-DD`) of a moment in an IANA zone. */
export function localDate(at: Date | number, timeZone: string): string {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hourCycle: 'h23' });
    formatters.set(timeZone, format);
  }
  const parts: Record<string, string> = {};
  for (const part of format.formatToParts(at)) parts[part.type] = part.value;
  return `${parts.year!.padStart(4, '0')}-${parts.month}-${parts.day}`;
}

export function bucketsOf(at: Date | number, timeZone: string): VisitBuckets {
  const day = localDate(at, timeZone);
  return { day, week: weekStartOf(day) };
}

/**
 * `bucketsOf` for a stream of moments that mostly move forward: zone offsets and their changes fall on
 * quarter hours (every zone in use today), so every moment of one UTC quarter hour has the same local date,
 * and the last quarter hour's answer is kept per zone.
 */
export class BucketCache {
  private readonly last = new Map<string, { slot: number; buckets: VisitBuckets }>();

  bucketsOf(at: number, timeZone: string): VisitBuckets {
    const slot = Math.floor(at / (15 * 60 * 1000));
    const kept = this.last.get(timeZone);
    if (kept && kept.slot === slot) return kept.buckets;
    const buckets = bucketsOf(at, timeZone);
    this.last.set(timeZone, { slot, buckets });
    return buckets;
  }
}

/** The last `DAYS_SHOWN` local dates up to today, oldest first. */
export function shownDays(now: Date, timeZone: string): string[] {
  const today = localDate(now, timeZone);
  return Array.from({ length: DAYS_SHOWN }, (_, i) => addDays(today, i - (DAYS_SHOWN - 1)));
}

/** The first days of the last `WEEKS_SHOWN` weeks up to this one, oldest first. */
export function shownWeeks(now: Date, timeZone: string): string[] {
  const thisWeek = weekStartOf(localDate(now, timeZone));
  return Array.from({ length: WEEKS_SHOWN }, (_, i) => addDays(thisWeek, 7 * (i - (WEEKS_SHOWN - 1))));
}

/**
 * Whether a page view starts a new visit: the browser's first view, or one 30 minutes or more after its last.
 * A view older than the last one seen (a late arrival) belongs to the visit in progress.
 */
export const startsVisit = (lastSeen: number | undefined, at: number): boolean => lastSeen === undefined || at - lastSeen >= SESSION_GAP_MS;

/** The marketplace's host: `marketplace.<STOREFRONT_DOMAIN>`. */
export const marketplaceHost = (storefrontDomain: string): string => `marketplace.${storefrontDomain.toLowerCase()}`;

/** Whether a page view entered through the marketplace: `?ref=marketplace`, or a referrer on the marketplace host. */
export function entersThroughMarketplace(view: { ref: string; referer: string }, marketplace: string): boolean {
  if (view.ref.trim().toLowerCase() === 'marketplace') return true;
  if (!view.referer) return false;
  try {
    return new URL(view.referer).hostname.toLowerCase() === marketplace;
  } catch {
    return false;
  }
}

/** What one period shows: visits, and distinct visitors among them. */
export interface VisitTally {
  visits: number;
  visitors: number;
}
