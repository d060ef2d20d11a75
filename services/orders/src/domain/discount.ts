// A discount code (docs/money.md#discount-codes): its fields and their rules, and whether it applies to a cart. No I/O.
import { recordFields, ruleBroken, type DomainError, type FieldViolations } from '@commerce/grpc-runtime';
import { z } from 'zod';

export const DISCOUNT_KINDS = ['percentage', 'fixed_amount', 'free_shipping'] as const;
export type DiscountKind = (typeof DISCOUNT_KINDS)[number];

const CODE = /^[A-Za-z0-9_-]{1,64}$/;
const MAX_CODE_LENGTH = 64;
/** Products and collections one discount may be restricted to, each. */
export const MAX_RESTRICTED_IDS = 100;
/** The largest amount of minor units a field holds (an int64 read as a JavaScript number stays exact below it). */
const MAX_MINOR_UNITS = Number.MAX_SAFE_INTEGER;

const ids = (what: string) =>
  z
    .array(z.number(), { error: 'must be a list of ids' })
    .superRefine((list, context) => {
      if (list.some((id) => !Number.isSafeInteger(id) || id <= 0)) context.addIssue({ code: 'custom', message: `must be ${what} ids` });
      if (list.length > MAX_RESTRICTED_IDS)
        context.addIssue({ code: 'custom', message: `has too many ids (maximum is ${MAX_RESTRICTED_IDS})` });
    })
    .transform((list) => [...new Set(list)])
    .default([]);

const time = () => z.date({ error: 'must be a time' }).nullable().default(null);

/**
 * What an owner writes on a discount, declared once (docs/architecture.md#one-description-per-record), with the API's
 * names and in the order violations are listed. `value` is the API's number (a percent, or minor units); the record
 * keeps it as `percent_bp` or `amount` (storedValue). The rules across fields (value by kind, ends after starts) are
 * the object's own, so a create, and an update checked as the record it makes, answer them.
 */
export const discountFields = z
  .object({
    code: z
      .string({ error: "can't be blank" })
      .trim()
      .superRefine((code, context) => {
        if (code === '') context.addIssue({ code: 'custom', message: "can't be blank" });
        else if (code.length > MAX_CODE_LENGTH)
          context.addIssue({ code: 'custom', message: `is too long (maximum is ${MAX_CODE_LENGTH} characters)` });
        else if (!CODE.test(code)) context.addIssue({ code: 'custom', message: 'may hold only letters, digits, "-" and "_"' });
      }),
    kind: z.enum(DISCOUNT_KINDS, { error: `must be one of ${DISCOUNT_KINDS.join(', ')}` }),
    value: z.number({ error: 'must be a number' }).default(0),
    minimum_subtotal: z
      .number({ error: 'must be an integer' })
      .refine((amount) => Number.isSafeInteger(amount) && amount >= 0 && amount <= MAX_MINOR_UNITS, {
        error: 'must be an integer of at least 0 (minor units)',
      })
      .default(0),
    product_ids: ids('product'),
    collection_ids: ids('collection'),
    starts_at: time(),
    ends_at: time(),
    usage_limit: z
      .number({ error: 'must be an integer' })
      .refine((limit) => Number.isSafeInteger(limit) && limit >= 1, { error: 'must be an integer of at least 1' })
      .nullable()
      .default(null),
    once_per_customer: z.boolean({ error: 'must be true or false' }).default(false),
  })
  .superRefine((fields, context) => {
    const valueProblem = valueRefusal(fields.kind, fields.value);
    if (valueProblem) context.addIssue({ code: 'custom', path: ['value'], message: valueProblem });
    if (fields.starts_at && fields.ends_at && fields.ends_at.getTime() <= fields.starts_at.getTime())
      context.addIssue({ code: 'custom', path: ['ends_at'], message: 'must be after starts_at' });
  });

export type DiscountFields = z.output<typeof discountFields>;
export const discountRecordFields = recordFields(discountFields);

/** Why `value` does not fit `kind`, or null. A percent has at most 2 decimals: it is kept in basis points. */
export function valueRefusal(kind: DiscountKind, value: number): string | null {
  if (!Number.isFinite(value)) return 'must be a number';
  if (kind === 'percentage') {
    if (value <= 0 || value > 100) return 'must be a percent greater than 0 and at most 100';
    return Math.abs(value * 100 - Math.round(value * 100)) > 1e-6 ? 'must have at most 2 decimal places' : null;
  }
  if (kind === 'fixed_amount') return Number.isSafeInteger(value) && value > 0 ? null : 'must be a positive integer amount in minor units';
  return value === 0 ? null : 'must be 0 or absent for free_shipping';
}

/** The discount as orders keeps it: the owner's fields (value as percent_bp or amount) and the bookkeeping. */
export interface Discount extends Omit<DiscountFields, 'value'> {
  id: number;
  store_id: number;
  /** The code lower-cased: what uniqueness and lookup compare. */
  code_key: string;
  /** percentage: basis points (12.5% is 1250); 0 otherwise. */
  percent_bp: number;
  /** fixed_amount: minor units of the store's currency; 0 otherwise. */
  amount: number;
  /** Uses redeemed and not given back (never above usage_limit). */
  times_used: number;
  created_at: Date;
  updated_at: Date;
}

/** The key a code is unique and looked up by: lower-cased, trimmed. */
export const codeKeyOf = (code: string): string => code.trim().toLowerCase();

/** The API's value as the record keeps it. */
export function storedValue(kind: DiscountKind, value: number): Pick<Discount, 'percent_bp' | 'amount'> {
  if (kind === 'percentage') return { percent_bp: Math.round(value * 100), amount: 0 };
  return { percent_bp: 0, amount: kind === 'fixed_amount' ? value : 0 };
}

/** The record's value as the API writes it: the percent, the minor units, or 0. */
export function apiValue(discount: Pick<Discount, 'kind' | 'percent_bp' | 'amount'>): number {
  if (discount.kind === 'percentage') return discount.percent_bp / 100;
  return discount.kind === 'fixed_amount' ? discount.amount : 0;
}

/** The owner's fields of a stored discount, as a create would take them (what an update's changes apply to). */
export function fieldsOf(discount: Discount): DiscountFields {
  const { percent_bp: _bp, amount: _amount, ...rest } = discount;
  return { ...discountRecordFields.read(rest), value: apiValue(discount) };
}

/** A duplicate code answers as a field violation of `code`. */
export const duplicateCode = (): FieldViolations => ({ code: ['is already the code of another discount of the store'] });

/** One cart line as a discount sees it: its product and the collections that product is in. */
export interface DiscountLine {
  product_id: number;
  collection_ids: number[];
}

export interface DiscountCart {
  now: Date;
  /** Minor units. */
  subtotal: number;
  lines: DiscountLine[];
}

/** True when the discount reaches the line: unrestricted, or its product or one of its collections is named. */
export function appliesToLine(discount: Pick<Discount, 'product_ids' | 'collection_ids'>, line: DiscountLine): boolean {
  if (discount.product_ids.length === 0 && discount.collection_ids.length === 0) return true;
  return discount.product_ids.includes(line.product_id) || line.collection_ids.some((id) => discount.collection_ids.includes(id));
}

/**
 * Why the code does not apply to the cart, as the message of the 422 on `discount_code` (docs/money.md#discount-codes),
 * or null when it applies. Its uses being spent is not decided here: the redemption decides it (409).
 */
export function discountRefusal(discount: Discount | null, cart: DiscountCart): string | null {
  if (!discount) return 'is not a valid discount code';
  const now = cart.now.getTime();
  if (discount.starts_at && now < discount.starts_at.getTime()) return 'is not active yet';
  if (discount.ends_at && now >= discount.ends_at.getTime()) return 'has expired';
  if (cart.subtotal < discount.minimum_subtotal)
    return `needs a subtotal of at least ${discount.minimum_subtotal} (minor units of the store's currency)`;
  if (!cart.lines.some((line) => appliesToLine(discount, line))) return 'does not apply to anything in the cart';
  return null;
}

/** A create's input checked (absent fields at their default), or INVALID_ARGUMENT naming each broken rule. */
export const checkedDiscount = (input: object): DiscountFields => discountRecordFields.create(input);

/** What a redemption answers (infra/discount-redemption.repository.ts): the use taken, or why none was left. */
export type RedeemResult = 'redeemed' | 'spent' | 'used_by_customer';

/** The ErrorInfo reason of a code whose uses are spent: the gateway answers it 409 DiscountUnavailable. */
export const DISCOUNT_UNAVAILABLE = 'DISCOUNT_UNAVAILABLE';

/** FAILED_PRECONDITION DISCOUNT_UNAVAILABLE for a redemption refused, or null when the use was taken. */
export function unavailableError(code: string, result: RedeemResult): DomainError | null {
  if (result === 'redeemed') return null;
  const why = result === 'spent' ? 'has no uses left' : 'was used already by this buyer';
  return ruleBroken(DISCOUNT_UNAVAILABLE, `The discount code ${code} ${why}`, { discount_code: code, why: result });
}
