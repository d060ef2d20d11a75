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

/** The API's times carry the store's offset; shown in the browser's language, to the minute. */
export function formatTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  const at = new Date(iso);
  return Number.isNaN(at.getTime()) ? iso : at.toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
}
