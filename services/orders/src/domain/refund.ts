import { roundedQuotient } from '@commerce/money';
import { paidForLine, paidForShipping, type Item, type Order, type Refund, type RefundLine } from './order';

/**
 * Refunds as plain rules (docs/money.md#refunds): what a refund request costs, what is left to refund, and the
 * order's financial status. Amounts are integers in the order currency's minor unit. No I/O.
 */

/** A refund as the caller asks it: an amount, or items and quantities (with the order's shipping when asked). */
export interface RefundRequest {
  amount: number | null;
  items: RefundLine[];
  shipping: boolean;
  restock: boolean;
  note: string;
}

export const REFUND_LIMITS = { items: 100, note: 1_000, key: 255 } as const;

export type FinancialStatus = 'pending' | 'paid' | 'partially_refunded' | 'refunded' | 'voided';

type Violations = Record<string, string[]>;
const add = (violations: Violations, field: string, message: string) => (violations[field] ??= []).push(message);
const sum = (values: number[]): number => values.reduce((total, value) => total + value, 0);

export type RefundRefusal =
  /** The order was never paid: nothing to refund (409). */
  | { kind: 'not_paid' }
  /** Bad input, or more than is left to refund (422, field by field). */
  | { kind: 'invalid'; violations: Violations };

export const refundsOf = (order: Pick<Order, 'refunds'>): Refund[] => order.refunds ?? [];

/** What the processor captured: the total once the order was paid, else nothing. */
export const capturedOf = (order: Pick<Order, 'paid_at' | 'total'>): number => (order.paid_at ? order.total : 0);

/** The sum of the refunds that succeeded. */
export const refundedOf = (order: Pick<Order, 'refunds'>): number =>
  sum(
    refundsOf(order)
      .filter((refund) => refund.status === 'succeeded')
      .map((refund) => refund.amount),
  );

/** What may still be refunded: captured less what was refunded and what is being refunded now. */
export const refundableOf = (order: Pick<Order, 'paid_at' | 'total' | 'refunds'>): number =>
  Math.max(0, capturedOf(order) - sum(refundsOf(order).map((refund) => refund.amount)));

export function financialStatus(order: Pick<Order, 'status' | 'paid_at' | 'total' | 'refunds'>): FinancialStatus {
  if (!order.paid_at) return order.status === 'failed' || order.status === 'canceled' ? 'voided' : 'pending';
  const refunded = refundedOf(order);
  if (refunded === 0) return 'paid';
  return refunded >= capturedOf(order) ? 'refunded' : 'partially_refunded';
}

/** Field violations of the request's shape, before the order is read. */
export function refundRequestViolations(request: RefundRequest): Violations {
  const violations: Violations = {};
  const hasItems = request.items.length > 0;
  if (request.amount === null && !hasItems) add(violations, 'base', 'give amount_in_cents or items');
  if (request.amount !== null && hasItems) add(violations, 'base', 'give amount_in_cents or items, not both');
  if (request.amount !== null && (!Number.isSafeInteger(request.amount) || request.amount <= 0))
    add(violations, 'amount_in_cents', 'must be an integer greater than 0');
  if (request.items.length > REFUND_LIMITS.items) add(violations, 'items', `is too long (maximum is ${REFUND_LIMITS.items} items)`);
  const seen = new Set<number>();
  for (const line of request.items.slice(0, REFUND_LIMITS.items)) {
    if (!Number.isSafeInteger(line.quantity) || line.quantity < 1)
      add(violations, 'items', `quantity of item ${line.item_id} must be at least 1`);
    if (seen.has(line.item_id)) add(violations, 'items', `lists item ${line.item_id} more than once`);
    seen.add(line.item_id);
  }
  if (request.shipping && !hasItems) add(violations, 'shipping', 'goes with items (an amount refund names its amount)');
  if (request.restock && !hasItems) add(violations, 'restock', 'needs items to put back');
  if (request.note.length > REFUND_LIMITS.note) add(violations, 'note', `is too long (maximum is ${REFUND_LIMITS.note} characters)`);
  return violations;
}

/** `paid * units / quantity`, rounded half away from zero to the minor unit (integers throughout, no float). */
function shareOf(paid: number, units: number, quantity: number): number {
  return Number(roundedQuotient(BigInt(paid) * BigInt(units), BigInt(quantity)));
}

/**
 * What `count` units of a line cost when `before` of its units were refunded already: the share of the line's paid
 * amount up to the last of them less the share up to the first. Refunding a line in parts sums exactly to the line.
 */
export const unitsAmount = (paidForLineAmount: number, lineQuantity: number, before: number, count: number): number =>
  shareOf(paidForLineAmount, before + count, lineQuantity) - shareOf(paidForLineAmount, before, lineQuantity);

/** Units of each item that refunds (pending or succeeded) cover. */
function unitsRefunded(order: Pick<Order, 'refunds'>): Map<number, number> {
  const units = new Map<number, number>();
  for (const refund of refundsOf(order)) {
    for (const line of refund.items) units.set(line.item_id, (units.get(line.item_id) ?? 0) + line.quantity);
  }
  return units;
}

const shippingRefunded = (order: Pick<Order, 'refunds'>): boolean => refundsOf(order).some((refund) => refund.shipping);

/** An item line of a refund and what its units give back. */
export interface PricedRefundLine extends RefundLine {
  amount: number;
}

/** What a refund request comes to before it is made: the same figures whether it is then made or only calculated. */
export interface RefundPrice {
  /** The whole refund: the amount asked, or the item lines and the shipping summed. */
  amount: number;
  /** The item lines asked, in the request's order, each with what its units give back; empty for an amount. */
  items: PricedRefundLine[];
  /** What the shipping gives back; 0 when not asked. */
  shipping_amount: number;
  /** What is left to refund of the order once this refund is counted (pending refunds counted too). */
  left_to_refund: number;
}

/**
 * What the request refunds of the order (docs/money.md#refunds), or why it cannot: an order never paid; an item not in
 * the order or fewer units left than asked; shipping refunded already; more than is left to refund (the message names
 * the remainder). The one arithmetic of a refund: `planRefund` reserves what it answers, the calculation shows it.
 */
export function priceRefund(order: Order, request: RefundRequest): { ok: RefundPrice } | { refused: RefundRefusal } {
  const shape = refundRequestViolations(request);
  if (Object.keys(shape).length > 0) return { refused: { kind: 'invalid', violations: shape } };
  if (!order.paid_at) return { refused: { kind: 'not_paid' } };

  const violations: Violations = {};
  const byId = new Map<number, Item>(order.items.map((item) => [item.id, item]));
  const refunded = unitsRefunded(order);
  const items: PricedRefundLine[] = [];
  for (const line of request.items) {
    const item = byId.get(line.item_id);
    if (!item) {
      add(violations, 'items', `${line.item_id} is not an item of this order`);
      continue;
    }
    const before = refunded.get(item.id) ?? 0;
    const left = item.quantity - before;
    if (line.quantity > left) {
      add(violations, 'items', `only ${left} of item ${item.id} left to refund, ${line.quantity} asked`);
      continue;
    }
    items.push({
      item_id: item.id,
      quantity: line.quantity,
      amount: unitsAmount(paidForLine(order, item), item.quantity, before, line.quantity),
    });
  }
  let shippingAmount = 0;
  if (request.shipping) {
    if (shippingRefunded(order)) add(violations, 'shipping', 'is refunded already');
    else shippingAmount = paidForShipping(order);
  }
  if (Object.keys(violations).length > 0) return { refused: { kind: 'invalid', violations } };

  const amount = (request.amount ?? 0) + sum(items.map((line) => line.amount)) + shippingAmount;
  const field = request.amount === null ? 'items' : 'amount_in_cents';
  const left = refundableOf(order);
  if (amount <= 0) return { refused: { kind: 'invalid', violations: { [field]: ['comes to nothing to refund'] } } };
  if (amount > left) {
    const asked = request.amount === null ? ` (these come to ${amount})` : '';
    return { refused: { kind: 'invalid', violations: { [field]: [`is more than the ${left} left to refund${asked}`] } } };
  }
  return { ok: { amount, items, shipping_amount: shippingAmount, left_to_refund: left - amount } };
}

/** The refund the request makes of the order, 'pending' (to be added to its refunds), or why it cannot be (`priceRefund`). */
export function planRefund(
  order: Order,
  request: RefundRequest,
  identity: { id: number; key: string; now: Date },
): { ok: Refund } | { refused: RefundRefusal } {
  const priced = priceRefund(order, request);
  if ('refused' in priced) return priced;
  return {
    ok: {
      id: identity.id,
      key: identity.key,
      amount: priced.ok.amount,
      items: request.items.map(({ item_id, quantity }) => ({ item_id, quantity })),
      shipping: request.shipping,
      restock: request.restock,
      note: request.note,
      status: 'pending',
      reference: '',
      restock_state: null,
      created_at: identity.now,
    },
  };
}

/** Whether the order still has refund work for the sweep: a refund at the processor or a restock unconfirmed. */
export const hasRefundWork = (order: Pick<Order, 'refunds'>): boolean =>
  refundsOf(order).some((refund) => refund.status === 'pending' || refund.restock_state === 'pending');

/** When the latest of these refunds was made; null for none. */
export function lastRefundAt(refunds: readonly Pick<Refund, 'created_at'>[]): Date | null {
  let latest: Date | null = null;
  for (const refund of refunds) if (!latest || refund.created_at > latest) latest = refund.created_at;
  return latest;
}

/** The order with these refunds, when the sweep may look at it next (null: nothing left for it), and its latest refund's time. */
function withRefund(order: Order, refunds: Refund[], sweepAfter: Date): Order {
  const next = { ...order, refunds };
  return { ...next, refunds_due_at: hasRefundWork(next) ? sweepAfter : null, last_refund_at: lastRefundAt(refunds) };
}

/** The order holding the planned refund, 'pending': counted against what is left to refund from this write on. */
export const refundReserved = (order: Order, refund: Refund, sweepAfter: Date): Order =>
  withRefund(order, [...refundsOf(order), refund], sweepAfter);

/** The processor refunded it: 'succeeded', its stock to put back when asked. Null when it is not pending (settled already). */
export function refundSucceeded(order: Order, refundId: number, reference: string, now: Date, sweepAfter: Date): Order | null {
  const refund = refundsOf(order).find((candidate) => candidate.id === refundId);
  if (refund?.status !== 'pending') return null;
  const settled: Refund = { ...refund, status: 'succeeded', reference, restock_state: refund.restock ? 'pending' : null };
  const refunds = refundsOf(order).map((candidate) => (candidate.id === refundId ? settled : candidate));
  return { ...withRefund(order, refunds, sweepAfter), updated_at: now };
}

/** The processor declined it: the refund is dropped and what it held is free again. Null when it is not pending. */
export function refundDropped(order: Order, refundId: number, sweepAfter: Date): Order | null {
  const refund = refundsOf(order).find((candidate) => candidate.id === refundId);
  if (refund?.status !== 'pending') return null;
  return withRefund(
    order,
    refundsOf(order).filter((candidate) => candidate.id !== refundId),
    sweepAfter,
  );
}

/** Catalog took the refund's stock back. Null when there was nothing pending. */
export function refundRestocked(order: Order, refundId: number, sweepAfter: Date): Order | null {
  const refund = refundsOf(order).find((candidate) => candidate.id === refundId);
  if (refund?.restock_state !== 'pending') return null;
  const refunds = refundsOf(order).map((candidate) =>
    candidate.id === refundId ? { ...candidate, restock_state: 'done' as const } : candidate,
  );
  return withRefund(order, refunds, sweepAfter);
}

/** The variants and quantities a refund puts back, one line a variant. */
export function restockLinesOf(
  order: Pick<Order, 'items'>,
  refund: Pick<Refund, 'items'>,
): Array<{ variant_id: number; quantity: number }> {
  const variantOf = new Map(order.items.map((item) => [item.id, item.variant_id]));
  const byVariant = new Map<number, number>();
  for (const line of refund.items) {
    const variantId = variantOf.get(line.item_id);
    if (variantId !== undefined) byVariant.set(variantId, (byVariant.get(variantId) ?? 0) + line.quantity);
  }
  return [...byVariant].map(([variant_id, quantity]) => ({ variant_id, quantity }));
}

/**
 * What a canceled order still has to give back when refunds restocked part of it: each variant's units less those
 * restocked; null when no refund restocked anything (its whole reservation goes back).
 */
export function stockLeftToReturn(order: Pick<Order, 'items' | 'refunds'>): Array<{ variant_id: number; quantity: number }> | null {
  const restocking = refundsOf(order).filter((refund) => refund.restock && refund.status === 'succeeded');
  if (restocking.length === 0) return null;
  const left = new Map<number, number>();
  for (const item of order.items) left.set(item.variant_id, (left.get(item.variant_id) ?? 0) + item.quantity);
  for (const refund of restocking) {
    for (const line of restockLinesOf(order, refund)) left.set(line.variant_id, (left.get(line.variant_id) ?? 0) - line.quantity);
  }
  return [...left].filter(([, quantity]) => quantity > 0).map(([variant_id, quantity]) => ({ variant_id, quantity }));
}
