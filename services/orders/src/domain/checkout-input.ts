import type { Address } from './order';

/** A checkout as the buyer sent it, before any check. */
export interface CheckoutInput {
  checkout_key: string;
  email: string;
  address: Address;
  lines: Array<{ variant_id: number; quantity: number }>;
  shipping_class_id: number;
  user_note: string | null;
  payment_token: string;
  /** Blank or null: none. */
  discount_code: string | null;
}

export const LIMITS = {
  checkoutKey: 200,
  lines: 100,
  quantity: 10_000,
  email: 254,
  addressField: 200,
  userNote: 5_000,
  paymentToken: 200,
  discountCode: 64,
} as const;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const COUNTRY = /^[A-Za-z]{2}$/;
const REQUIRED_ADDRESS_FIELDS = ['name', 'address_1', 'city', 'postal', 'country'] as const;

type Violations = Record<string, string[]>;
const add = (violations: Violations, field: string, message: string) => (violations[field] ??= []).push(message);

/** Field violations of a checkout (field names as the API spells them); empty when it can go ahead. */
export function checkoutViolations(input: CheckoutInput): Violations {
  const violations: Violations = {};
  const key = input.checkout_key.trim();
  if (key === '') add(violations, 'checkout_key', "can't be blank");
  else if (key.length > LIMITS.checkoutKey) add(violations, 'checkout_key', `is too long (maximum is ${LIMITS.checkoutKey} characters)`);

  const email = input.email.trim();
  if (email === '') add(violations, 'email', "can't be blank");
  else if (email.length > LIMITS.email || !EMAIL.test(email)) add(violations, 'email', 'is not a valid e-mail address');

  for (const field of REQUIRED_ADDRESS_FIELDS) {
    if (input.address[field].trim() === '') add(violations, `address.${field}`, "can't be blank");
  }
  for (const [field, value] of Object.entries(input.address)) {
    if (value.length > LIMITS.addressField)
      add(violations, `address.${field}`, `is too long (maximum is ${LIMITS.addressField} characters)`);
  }
  if (input.address.country.trim() !== '' && !COUNTRY.test(input.address.country.trim())) {
    add(violations, 'address.country', 'must be a two-letter country code (ISO 3166-1 alpha-2)');
  }

  if (input.lines.length === 0) add(violations, 'items', 'must have at least one item');
  else if (input.lines.length > LIMITS.lines) add(violations, 'items', `must have at most ${LIMITS.lines} items`);
  const seen = new Set<number>();
  input.lines.forEach((line, index) => {
    if (!Number.isSafeInteger(line.variant_id) || line.variant_id <= 0)
      add(violations, `items[${index}].variant_id`, 'must be a variant id');
    else if (seen.has(line.variant_id)) add(violations, `items[${index}].variant_id`, 'appears more than once');
    seen.add(line.variant_id);
    if (!Number.isSafeInteger(line.quantity) || line.quantity < 1 || line.quantity > LIMITS.quantity) {
      add(violations, `items[${index}].quantity`, `must be a whole number from 1 to ${LIMITS.quantity}`);
    }
  });

  if (!Number.isSafeInteger(input.shipping_class_id) || input.shipping_class_id < 0)
    add(violations, 'shipping_class_id', 'must be a shipping class id');
  if (input.discount_code !== null && input.discount_code.trim().length > LIMITS.discountCode)
    add(violations, 'discount_code', 'is not a valid discount code');
  if (input.user_note !== null && input.user_note.length > LIMITS.userNote)
    add(violations, 'user_note', `is too long (maximum is ${LIMITS.userNote} characters)`);
  if (input.payment_token.trim() === '') add(violations, 'payment_token', "can't be blank");
  else if (input.payment_token.length > LIMITS.paymentToken) add(violations, 'payment_token', 'is not a payment token');
  return violations;
}

/**
 * Field violations of a checkout quote: the checkout's, but only the lines and the destination's country are required
 * (a buyer asks for the total before typing the rest); what is given is checked as checkout checks it.
 */
export function quoteViolations(input: Omit<CheckoutInput, 'checkout_key' | 'payment_token'>): Violations {
  const violations = checkoutViolations({
    ...input,
    checkout_key: 'quote',
    payment_token: 'quote',
    email: input.email.trim() || 'quote@example.com',
  });
  for (const field of REQUIRED_ADDRESS_FIELDS) {
    if (field !== 'country' && input.address[field].trim() === '') delete violations[`address.${field}`];
  }
  return violations;
}

/** The address as stored: trimmed, country upper case. */
export function normalizeAddress(address: Address): Address {
  const trimmed = Object.fromEntries(Object.entries(address).map(([field, value]) => [field, value.trim()])) as unknown as Address;
  return { ...trimmed, country: trimmed.country.toUpperCase() };
}
