import { CommerceApiError } from '@commerce/sdk';

/** How many decimals the currency's minor unit has (USD 2, JPY 0, KWD 3), from the browser's ICU data as the API's. */
export function currencyPlaces(currency: string): number {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: currency || 'USD' }).resolvedOptions().maximumFractionDigits ?? 2;
}

/** Minor units as the owner types them back: 1250 USD → "12.50", 1250 JPY → "1250". */
export function decimalOf(minor: number, currency: string): string {
  const places = currencyPlaces(currency);
  return (minor / 10 ** places).toFixed(places);
}

/**
 * What the owner typed ("12.5", "12.50") in minor units of the currency, read digit by digit as the API reads `price`
 * (docs/catalog.md#price-input), for the fields the API takes in minor units (`*_in_cents`, `minimum_subtotal`). A text
 * that is no amount answers the sentence to show beside the field instead.
 */
export function minorUnitsOf(text: string, currency: string): number | { problem: string } {
  const match = /^(\d+)(?:\.(\d*))?$/.exec(text.trim());
  if (!match) return { problem: 'must be an amount such as 12.50' };
  const places = currencyPlaces(currency);
  const fraction = (match[2] ?? '').replace(/0+$/, '');
  if (fraction.length > places) return { problem: `has more decimal places than ${currency} allows (${places})` };
  const minor = Number(match[1]) * 10 ** places + Number(fraction.padEnd(places, '0') || '0');
  return Number.isSafeInteger(minor) ? minor : { problem: 'is too large' };
}

/**
 * A refusal of the form's own, shaped as the API's (docs/api-conventions.md#errors), so that `FormProblems` shows it
 * beside its field like any other: for what must be converted before it can be sent (an amount, a date).
 */
export function refusal(field: string, message: string): CommerceApiError {
  return new CommerceApiError({
    status: 422,
    errorType: 'ValidationError',
    message: `${field} ${message}`,
    fieldErrors: { [field]: [message] },
  });
}

/** `minorUnitsOf`, or the refusal of `field` thrown. */
export function requireMinorUnits(field: string, text: string, currency: string): number {
  const minor = minorUnitsOf(text, currency);
  if (typeof minor === 'number') return minor;
  throw refusal(field, minor.problem);
}
