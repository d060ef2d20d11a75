import { ApiCallError, type ApiClient } from './api-client';
import type { OrderRecord } from './api-records';
import type { OrderFate } from './order-plan';
import type { Progress } from './progress';

/** Every how-many-th shipped order has its first item's unit refunded and restocked; as many open ones a partial amount. */
export const REFUND_EVERY = 5;
/** The amount refunded from an open order (minor units): a goodwill gesture. */
export const GOODWILL_REFUND = 300;

export interface RefundableOrder {
  order: OrderRecord;
  fate: OrderFate;
}

/** A planned refund the API refused (a 409 or 422: nothing left to refund); reported, not fatal. */
export interface RefusedRefund {
  order_id: number;
  error: string;
}

/**
 * A few refunds, as an owner makes them (POST /v1/orders/:id/refunds, docs/money.md#refunds): one unit of the first
 * item of every REFUND_EVERY-th shipped order, back in stock; GOODWILL_REFUND off every REFUND_EVERY-th order left
 * open. Canceled orders were refunded by their cancel.
 */
export async function makeRefunds(
  api: ApiClient,
  orders: RefundableOrder[],
  progress: Progress,
): Promise<{ made: number; refused: RefusedRefund[] }> {
  const shipped = orders.filter(({ fate }) => fate.action === 'ship').filter((_, index) => index % REFUND_EVERY === 0);
  const open = orders.filter(({ fate }) => fate.action === 'leave-open').filter((_, index) => index % REFUND_EVERY === 0);
  const planned = [
    ...shipped.map(({ order }) => ({
      order,
      body: { items: [{ item_id: order.items[0]!.item.id, quantity: 1 }], restock: true, note: 'Arrived damaged' },
    })),
    ...open.map(({ order }) => ({ order, body: { amount_in_cents: GOODWILL_REFUND, note: 'Sorry for the wait' } })),
  ];
  progress.start('refunds', planned.length);
  let made = 0;
  const refused: RefusedRefund[] = [];
  for (const { order, body } of planned) {
    try {
      await api.call('POST', `/v1/orders/${order.id}/refunds`, body);
      made++;
    } catch (error) {
      if (!(error instanceof ApiCallError && (error.status === 409 || error.status === 422))) throw error;
      refused.push({ order_id: order.id, error: error.message });
    }
    progress.tick();
  }
  progress.finish();
  return { made, refused };
}
