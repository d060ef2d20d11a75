// Times as the owner types and reads them: the store's wall clock (GET /v1/store `time_zone`), whatever the browser's
// zone (docs/dashboard.md#times). The browser's own copy of what services/orders/src/domain/store-days.ts does with Intl.

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The zone as the browser knows it; an empty or unknown one is UTC, as the API renders times then. */
export function knownZone(timeZone: string | null | undefined): string {
  if (!timeZone) return 'UTC';
  try {
    formatterFor(timeZone);
    return timeZone;
  } catch {
    return 'UTC';
  }
}

/** The wall clock of an instant in the zone, as UTC milliseconds of the same fields. */
function wallClockMs(at: number, timeZone: string): number {
  const parts: Record<string, string> = {};
  for (const part of formatterFor(timeZone).formatToParts(at)) parts[part.type] = part.value;
  const fields = [parts.year, parts.month, parts.day, parts.hour, parts.minute, parts.second].map(Number);
  return Date.UTC(fields[0], fields[1] - 1, fields[2], fields[3], fields[4], fields[5]);
}

/** The zone's offset from UTC at an instant, in milliseconds (New York in July: -4 h). */
const offsetMs = (at: number, timeZone: string): number => wallClockMs(at, timeZone) - Math.floor(at / 1000) * 1000;

/** An instant as a datetime-local input shows it in the zone: `2026-03-08T03:30`; '' for none or no time. */
export function localInputOf(iso: string | null | undefined, timeZone: string): string {
  const at = iso ? Date.parse(iso) : Number.NaN;
  if (Number.isNaN(at)) return '';
  return new Date(wallClockMs(at, knownZone(timeZone))).toISOString().slice(0, 16);
}

/**
 * The instant a datetime-local value (`2026-03-08T02:30`, seconds allowed) names in the zone, in milliseconds; null for
 * a text that is no date and time. As Temporal's `compatible` reads a wall clock: a time the clocks skip (a DST gap) is
 * moved on by the gap (02:30 → 03:30), and a time they show twice (an overlap) is the earlier of the two.
 */
export function instantOfLocalInput(text: string, timeZone: string): number | null {
  const match = /^(\d{4})-(\d\d)-(\d\d)T(\d\d):(\d\d)(?::(\d\d))?$/.exec(text.trim());
  if (!match) return null;
  const [year, month, day, hour, minute, second] = match.slice(1).map((field) => Number(field ?? 0));
  const wall = Date.UTC(year, month - 1, day, hour, minute, second);
  const date = new Date(wall);
  const real = date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  if (!real || hour > 23 || minute > 59 || second > 59) return null;
  const zone = knownZone(timeZone);
  // The offsets a day before and a day after: any change around the time lies between them.
  const before = offsetMs(wall - DAY_MS, zone);
  const after = offsetMs(wall + DAY_MS, zone);
  const candidates = [wall - before, wall - after].filter((at) => wallClockMs(at, zone) === wall);
  if (candidates.length > 0) return Math.min(...candidates);
  // In a gap: read with the offset before it, which lands as far past the gap as the time was into it.
  return wall - before;
}
