// The local days of a store's time zone that a range of instants touches (docs/orders.md#sales-summary), pure: where
// each begins, for the database to split sums by (a day that DST makes 23 or 25 hours long included).
import { isValidTimeZone, zoneClockFormatter } from '@commerce/api-presenters';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The zone as the runtime knows it; an empty or unknown one is UTC, as timestamps render (libs/api-presenters). */
export function knownZone(timeZone: string): string {
  return isValidTimeZone(timeZone) ? timeZone : 'UTC';
}

/** The wall clock of an instant in the zone, as UTC milliseconds of the same fields. */
function wallClockMs(at: number, timeZone: string): number {
  const parts: Record<string, string> = {};
  for (const part of zoneClockFormatter(timeZone).formatToParts(at)) parts[part.type] = part.value;
  return Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second),
  );
}

/** The local date `YYYY-MM-DD` of an instant in the zone. */
export function localDate(at: number, timeZone: string): string {
  return new Date(wallClockMs(at, timeZone)).toISOString().slice(0, 10);
}

const nextDate = (date: string): string => new Date(Date.parse(`${date}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);

/**
 * The first instant of a local date: local midnight, from the zone's offset there (asked twice, for an offset that
 * changes between the guess and midnight); where a change skips midnight (DST at 00:00), the first instant of the date
 * after the gap, found by halving.
 */
export function startOfLocalDate(date: string, timeZone: string): number {
  const midnight = Date.parse(`${date}T00:00:00Z`);
  let guess = midnight - (wallClockMs(midnight, timeZone) - midnight);
  guess = midnight - (wallClockMs(guess, timeZone) - guess);
  if (localDate(guess, timeZone) === date && localDate(guess - 1000, timeZone) < date) return guess;
  // Offsets lie within -12 h and +14 h: the date begins between these two instants.
  let low = midnight - 15 * 60 * 60 * 1000;
  let high = midnight + 13 * 60 * 60 * 1000;
  while (high - low > 1000) {
    const middle = low + Math.floor((high - low) / 2000) * 1000;
    if (localDate(middle, timeZone) < date) low = middle;
    else high = middle;
  }
  return high;
}

/**
 * The local dates the range [from, to] touches in the zone, oldest first, and the boundaries of the sums' ranges: `from`,
 * the start of each following date, and just after `to` (boundaries[i] to boundaries[i + 1] is dates[i] within the range).
 */
export function storeDays(from: Date, to: Date, timeZone: string): { dates: string[]; boundaries: Date[] } {
  const zone = knownZone(timeZone);
  const last = localDate(to.getTime(), zone);
  const dates = [localDate(from.getTime(), zone)];
  const boundaries = [from];
  while (dates[dates.length - 1] < last) {
    const date = nextDate(dates[dates.length - 1]);
    dates.push(date);
    boundaries.push(new Date(startOfLocalDate(date, zone)));
  }
  boundaries.push(new Date(to.getTime() + 1));
  return { dates, boundaries };
}
