import { ruleBroken, validationFailed } from '@commerce/grpc-runtime';
import type { Order, Refund } from '../domain/order';
import {
  planRefund,
  refundDropped,
  refundReserved,
  refundRestocked,
  refundsOf,
  refundSucceeded,
  restockLinesOf,
  type RefundRefusal,
  type RefundRequest,
} from '../domain/refund';
import { orderEvent, refundEvent, writeOrder } from './order-writer';
import type { OrdersDeps } from './orders-deps';

/**
 * The refund path (docs/money.md#refunds) that a refund request, a cancel and the sweep share. The refund is
 * reserved in the order first ('pending', counted against what is left to refund, in the order's one write path),
 * then the processor is asked, then one write settles it: 'succeeded' with refund/created and order/updated, or
 * dropped (what it held is free again). Concurrent refunds of one order can never exceed what was captured; a crash
 * between leaves a 'pending' refund that the sweep settles with the same processor key.
 */

export type RefundDeps = Pick<OrdersDeps, 'orders' | 'payments' | 'catalog' | 'nextId' | 'clock' | 'queue' | 'logger' | 'checkoutLeaseMs'>;

/** The processor's key of a refund, also its restock key at catalog: one per refund, fixed when it is reserved. */
export const refundKeyOf = (order: Pick<Order, 'saga_key'>, refund: Pick<Refund, 'id'>): string => `${order.saga_key}/refund/${refund.id}`;

const sweepAfter = (deps: Pick<OrdersDeps, 'clock' | 'checkoutLeaseMs'>): Date => new Date(deps.clock().getTime() + deps.checkoutLeaseMs);

export function refundRefusalError(refusal: RefundRefusal): Error {
  if (refusal.kind === 'not_paid') return ruleBroken('NOT_PAID', 'This order was never paid: there is nothing to refund');
  return validationFailed(refusal.violations);
}

/** Reserves, asks the processor and settles one refund; a repeat of `key` on the order answers its refund. */
export async function refundOrder(
  deps: RefundDeps,
  storeId: number,
  orderId: number,
  request: RefundRequest,
  key: string,
  timeZone: string,
): Promise<{ order: Order; refund: Refund }> {
  const reserved = await writeOrder<{ order: Order; refund: Refund }>(deps, storeId, orderId, async (current) => {
    const existing = refundsOf(current).find((refund) => refund.key === key);
    if (existing) return { unchanged: { order: current as Order, refund: existing } };
    const now = deps.clock();
    const outcome = planRefund(current, request, { id: await deps.nextId('refunds'), key, now });
    if ('refused' in outcome) throw refundRefusalError(outcome.refused);
    const next = refundReserved(current, outcome.ok, sweepAfter(deps));
    return { next, events: () => [], result: (written) => ({ order: written as Order, refund: outcome.ok }) };
  });
  if (reserved.refund.status !== 'pending') return reserved;
  const settled = await settleRefund(deps, reserved.order, reserved.refund, timeZone);
  if ('declined' in settled) throw ruleBroken('REFUND_DECLINED', `The payment processor declined the refund: ${settled.declined}`);
  return settled;
}

/**
 * Asks the processor (idempotent per refund key) and writes its answer; then, when the refund restocks, gives the
 * units back. A refund settled meanwhile (by a racing call or the sweep) is left as it is.
 */
export async function settleRefund(
  deps: RefundDeps,
  order: Order,
  refund: Refund,
  timeZone: string,
): Promise<{ order: Order; refund: Refund } | { declined: string }> {
  const answer = await deps.payments.refund({
    chargeKey: order.saga_key,
    refundKey: refundKeyOf(order, refund),
    amountCents: refund.amount,
  });
  const written = await writeOrder<Order>(deps, order.store_id, order.id, (current) => {
    const now = deps.clock();
    const next = answer.approved
      ? refundSucceeded(current, refund.id, answer.reference, now, sweepAfter(deps))
      : refundDropped(current, refund.id, sweepAfter(deps));
    if (!next) return { unchanged: current as Order };
    const succeeded = refundsOf(next).find((candidate) => candidate.id === refund.id);
    return {
      next,
      events: (sequence) =>
        succeeded
          ? [refundEvent(next, succeeded, sequence, timeZone, now), orderEvent('order/updated', next, sequence, timeZone, now)]
          : [],
      result: (document) => document as Order,
    };
  });
  if (!answer.approved) return { declined: answer.message };
  const settled = refundsOf(written).find((candidate) => candidate.id === refund.id) ?? refund;
  if (settled.restock_state === 'pending') {
    try {
      return { order: await restockRefund(deps, written, settled), refund: settled };
    } catch (error) {
      deps.logger.warn(
        { err: error, store_id: order.store_id, order_id: order.id, refund_id: refund.id },
        'refund not restocked yet; the sweep will',
      );
    }
  }
  return { order: written, refund: settled };
}

/** Gives a refund's units back to catalog (once per refund key) and records it (no event: nothing rendered changes). */
export async function restockRefund(deps: RefundDeps, order: Order, refund: Refund): Promise<Order> {
  const lines = restockLinesOf(order, refund);
  if (lines.length > 0) await deps.catalog.restockLines(order.store_id, refundKeyOf(order, refund), lines);
  return writeOrder<Order>(deps, order.store_id, order.id, (current) => {
    const next = refundRestocked(current, refund.id, sweepAfter(deps));
    if (!next) return { unchanged: current as Order };
    return { next, events: () => [], result: (document) => document as Order };
  });
}
