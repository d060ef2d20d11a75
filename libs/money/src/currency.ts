/**
 * Currencies (docs/money.md#currency): the ISO 4217 codes and each one's minor unit as the runtime's ICU data
 * holds them (JPY 0 decimals, USD 2, KWD 3), so no table of ours can drift from the standard. Amounts
 * everywhere are integers in the minor unit; these render them.
 */

export const DEFAULT_CURRENCY = 'USD';

const CODES: ReadonlySet<string> = new Set(Intl.supportedValuesOf('currency'));
const digitsByCode = new Map<string, number>();

/** Whether `code` is an ISO 4217 currency code, upper case ("USD"; not "usd", not "XTS"). */
export function isCurrencyCode(code: string): boolean {
  return CODES.has(code);
}

/** How many decimals the currency's minor unit has: USD 2, JPY 0, KWD 3. Unknown codes throw (a caller's bug). */
export function minorUnitDigits(currency: string): number {
  let digits = digitsByCode.get(currency);
  if (digits === undefined) {
    if (!isCurrencyCode(currency)) throw new RangeError(`not an ISO 4217 currency: ${currency.slice(0, 12)}`);
    digits = new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
    digitsByCode.set(currency, digits);
  }
  return digits;
}

/**
 * An integer amount in minor units as a decimal string with the currency's decimals:
 * 12345 USD → "123.45", 12345 JPY → "12345", 12345 KWD → "12.345", -5 USD → "-0.05".
 */
export function decimalString(minor: number, currency: string): string {
  const digits = minorUnitDigits(currency);
  const sign = minor < 0 ? '-' : '';
  const whole = String(Math.abs(Math.trunc(minor)));
  if (digits === 0) return sign + whole;
  const padded = whole.padStart(digits + 1, '0');
  return `${sign}${padded.slice(0, -digits)}.${padded.slice(-digits)}`;
}

/** The amount as a JSON number (1999 USD → 19.99, 1999 JPY → 1999): the spec's `price` on products and variants. */
export function decimalNumber(minor: number, currency: string): number {
  return Number(decimalString(minor, currency));
}
