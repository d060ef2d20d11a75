import { minorUnitDigits } from './currency';

/** Plain decimal digits: `19.99`, `5`, `5.`, `.5`; no sign, exponent, separators or spaces inside. */
const DECIMAL = /^(\d*)(?:\.(\d*))?$/;

/** What a decimal amount reads when it is not one (the API's message after the field name). */
export const NOT_A_DECIMAL = 'must be a decimal amount such as 19.99';

/**
 * A decimal amount an owner typed (`"19.99"`, `" 5 "`, `".5"`) as an integer of the currency's minor unit
 * (docs/money.md#currency): 19.99 USD → 1999, 1999 JPY → 1999, 1.5 KWD → 1500. The digits are read, never
 * multiplied as a float (19.99 * 100 is 1998.9999999999998). More decimals than the currency has are refused
 * rather than rounded (trailing zeros aside: "5.00" JPY is 5), so an amount never changes silently; so are a sign,
 * an exponent and anything past a safe integer. Answers the problem as a message after the field's name.
 */
export function minorUnitsOf(text: string, currency: string): number | { problem: string } {
  const digits = minorUnitDigits(currency);
  const trimmed = text.trim();
  if (trimmed.startsWith('-') && DECIMAL.test(trimmed.slice(1)) && /\d/.test(trimmed)) return { problem: 'must be at least 0' };
  const match = DECIMAL.exec(trimmed);
  if (!match || !/\d/.test(trimmed)) return { problem: NOT_A_DECIMAL };
  const whole = match[1]!.replace(/^0+(?=\d)/, '');
  const fraction = (match[2] ?? '').replace(/0+$/, '');
  if (fraction.length > digits) return { problem: `has more decimal places than ${currency} allows (${digits})` };
  // Past 16 digits no amount is a safe integer; checking the length first keeps a huge input from being converted.
  const minorDigits = (whole + fraction.padEnd(digits, '0')).replace(/^0+(?=\d)/, '');
  const minor = minorDigits.length > 16 ? Number.POSITIVE_INFINITY : Number(minorDigits);
  return Number.isSafeInteger(minor) ? minor : { problem: 'is too large' };
}
