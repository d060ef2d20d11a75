// The search of GET /v1/orders `q` (docs/orders.md#listing), pure: an order number, text inside the buyer's e-mail, or
// both. The text stays text: the repository matches it literally (the persistence port's `$contains`), whatever it holds.

/** An e-mail address is at most 254 characters (RFC 5321): no part of one is longer. */
export const SEARCH_MAX_CHARS = 254;

/** What `q` looks for: the order of a number, e-mails holding a text, or either (digits alone). */
export interface OrderSearch {
  orderId?: number;
  emailText?: string;
}

const ORDER_NUMBER = /^#\s*([0-9]+)$/;
const DIGITS = /^[0-9]+$/;
const CONTROL = /[\u0000-\u001f\u007f]/;

/**
 * `#1001` is order 1001 alone; `1001` is order 1001 or an e-mail holding "1001"; anything else is text of the e-mail.
 * Blank is no search. Answers the violations of `q` instead when it is too long or holds control characters.
 */
export function orderSearchOf(q: string): { search: OrderSearch | undefined } | { violations: Record<string, string[]> } {
  const text = q.trim();
  if (text === '') return { search: undefined };
  if (text.length > SEARCH_MAX_CHARS) return { violations: { q: [`is too long (maximum is ${SEARCH_MAX_CHARS} characters)`] } };
  if (CONTROL.test(text)) return { violations: { q: ['must not hold control characters'] } };
  const number = ORDER_NUMBER.exec(text)?.[1];
  if (number !== undefined) return { search: { orderId: orderIdOf(number) } };
  if (DIGITS.test(text)) return { search: { orderId: orderIdOf(text), emailText: text } };
  return { search: { emailText: text } };
}

/** A number beyond any id matches no order: 0, which no order has. */
const orderIdOf = (digits: string): number => {
  const id = Number(digits);
  return Number.isSafeInteger(id) ? id : 0;
};
