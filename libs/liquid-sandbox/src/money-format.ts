import { decimalString, DEFAULT_CURRENCY, isCurrencyCode } from '@commerce/money';

// How a template writes an amount (`{{ cents | money }}`): the buyer site's and the e-mail's one format.

/** One formatter per currency the site has written (at most the ISO 4217 list). */
const moneyFormats = new Map<string, Intl.NumberFormat>();

/**
 * An integer amount in minor units as the site writes prices, with the currency's symbol and decimals
 * (docs/money.md#currency): 1999 USD "$19.99", 1999 JPY "¥1,999", 1999 KWD "KWD 1.999". Exact to the minor unit up to
 * Number.MAX_SAFE_INTEGER (Intl formats the decimal string, never a float); beyond it a number no longer holds every
 * unit, so such an amount, like a value that is not a number or a currency that is not a code, writes nothing.
 */
export function formatMoney(minor: unknown, currency: string = DEFAULT_CURRENCY): string {
  const value = typeof minor === 'number' ? minor : Number(minor);
  const whole = Math.round(Math.abs(value));
  if (!Number.isSafeInteger(whole) || !isCurrencyCode(currency)) return '';
  let format = moneyFormats.get(currency);
  if (!format) moneyFormats.set(currency, (format = new Intl.NumberFormat('en', { style: 'currency', currency })));
  // Intl reads a decimal string exactly (a string is not rounded through a double); "-0" would write "-$0.00".
  const decimal = decimalString(value < 0 && whole > 0 ? -whole : whole, currency);
  return format.format(decimal as unknown as number); // ES2023's format(string), which our ES2022 typings lack
}

/** What a template names as a currency (`{{ amount | money: order.currency }}`), upper case; null when it is no code. */
export function currencyNamed(named: unknown): string | null {
  if (typeof named !== 'string') return null;
  const code = named.trim().toUpperCase();
  return isCurrencyCode(code) ? code : null;
}
