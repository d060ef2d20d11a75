const formatters = new Map<string, Intl.DateTimeFormat>();

/**
 * The zone's wall clock as numeric parts (year to second, 24-hour), one formatter per zone for the process; throws a
 * RangeError for a zone the runtime does not know.
 */
export function formatterFor(timeZone: string): Intl.DateTimeFormat {
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

const pad = (value: number) => String(Math.abs(value)).padStart(2, '0');

const MAX_REMEMBERED = 10_000;
const remembered = new Map<string, string>();

/**
 * ISO 8601 in the store's time zone with its UTC offset, e.g. `2026-11-22T04:15:00-05:00`.
 * Invalid or empty zones fall back to UTC rather than failing a read. Records are read far more
 * often than they change, so renderings are remembered (Intl formatting is costly on hot reads),
 * by the whole second they show: every record written in one second shares one rendering.
 */
export function formatTimestamp(instant: Date, timeZone: string): string {
  const key = `${timeZone}|${Math.floor(instant.getTime() / 1000)}`;
  let rendered = remembered.get(key);
  if (rendered === undefined) {
    rendered = renderTimestamp(instant, timeZone);
    if (remembered.size >= MAX_REMEMBERED) remembered.delete(remembered.keys().next().value as string);
    remembered.set(key, rendered);
  }
  return rendered;
}

function renderTimestamp(instant: Date, timeZone: string): string {
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = formatterFor(timeZone || 'UTC').formatToParts(instant);
  } catch {
    parts = formatterFor('UTC').formatToParts(instant);
  }
  const field = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((part) => part.type === type)?.value);
  const wallClockMs = Date.UTC(field('year'), field('month') - 1, field('day'), field('hour'), field('minute'), field('second'));
  const offsetMinutes = Math.round((wallClockMs - Math.floor(instant.getTime() / 1000) * 1000) / 60000);
  const sign = offsetMinutes < 0 ? '-' : '+';
  const date = `${field('year')}-${pad(field('month'))}-${pad(field('day'))}`;
  const time = `${pad(field('hour'))}:${pad(field('minute'))}:${pad(field('second'))}`;
  return `${date}T${time}${sign}${pad(Math.trunc(offsetMinutes / 60))}:${pad(offsetMinutes % 60)}`;
}

/** Timestamps that may be absent render as null, as the spec's "timestamp or null" fields do. */
export function formatOptionalTimestamp(instant: Date | undefined | null, timeZone: string): string | null {
  return instant ? formatTimestamp(instant, timeZone) : null;
}

/** True when the runtime knows the IANA zone name. */
export function isValidTimeZone(timeZone: string): boolean {
  if (!timeZone) return false;
  try {
    formatterFor(timeZone);
    return true;
  } catch {
    return false;
  }
}
