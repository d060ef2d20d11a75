/** An amount in the currency's minor unit ("cents") as the owner reads it: 1234 USD → "$12.34", 1234 JPY → "¥1,234". */
export function formatMoney(minor: number, currency: string): string {
  const format = moneyFormat(currency);
  const places = format.resolvedOptions().maximumFractionDigits ?? 2;
  return format.format(minor / 10 ** places);
}

/** A decimal string the API gives ("12.50") in the currency's format. */
export function formatDecimal(amount: string, currency: string): string {
  return moneyFormat(currency).format(Number(amount));
}

const formats = new Map<string, Intl.NumberFormat>();
function moneyFormat(currency: string): Intl.NumberFormat {
  let format = formats.get(currency);
  if (!format) {
    format = new Intl.NumberFormat('en-US', { style: 'currency', currency: currency || 'USD' });
    formats.set(currency, format);
  }
  return format;
}

// The wall clock the API wrote, formatted as it is (its fields read as UTC's, so no zone moves them).
const wallClockFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });

/**
 * A time the API gave, shown as it gave it: the API writes every time at the store's UTC offset
 * (`2026-03-08T03:30:00-04:00`), so this is the store's wall clock, named by that offset ("Mar 8, 2026, 3:30 AM UTC−4"),
 * whatever the browser's zone (docs/dashboard.md#times). A time written in UTC says "UTC".
 */
export function formatTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  const match = /^(\d{4}-\d\d-\d\dT\d\d:\d\d(?::\d\d(?:\.\d+)?)?)(Z|[+-]\d\d:?\d\d)$/i.exec(iso.trim());
  const wallClock = match ? Date.parse(`${match[1]}Z`) : Number.NaN;
  if (!match || Number.isNaN(wallClock)) return iso;
  return `${wallClockFormat.format(wallClock)} ${offsetName(match[2])}`;
}

/** An ISO offset as people name it: `Z` and `+00:00` → "UTC", `-04:00` → "UTC−4", `+05:30` → "UTC+5:30". */
export function offsetName(offset: string): string {
  const match = /^([+-])(\d\d):?(\d\d)$/.exec(offset);
  if (!match || (match[2] === '00' && match[3] === '00')) return 'UTC';
  const hours = String(Number(match[2]));
  return `UTC${match[1] === '-' ? '\u2212' : '+'}${hours}${match[3] === '00' ? '' : `:${match[3]}`}`;
}
