import { storeZone } from '@commerce/store-zones';
import { refundsOf } from '../domain/refund';
import type { OrdersDeps } from './orders-deps';
import { restockRefund, settleRefund, type RefundDeps } from './refund-order';

const BATCH = 100;

/**
 * The refund sweep (docs/money.md#refunds): every refund a crash or an unreachable processor left 'pending' is
 * settled with its own processor key (idempotent: the processor answers what it did, or does it now), and every
 * restock catalog has not confirmed is given back (once per key). Runs periodically, after the live call's lease.
 */
export async function recoverRefunds(deps: RefundDeps & Pick<OrdersDeps, 'zones' | 'storefront'>): Promise<number> {
  let settled = 0;
  for (const order of await deps.orders.refundsDue(deps.clock(), BATCH)) {
    try {
      const timeZone = await storeZone(deps, order.store_id);
      for (const refund of refundsOf(order)) {
        if (refund.status === 'pending') await settleRefund(deps, order, refund, timeZone);
        else if (refund.restock_state === 'pending') await restockRefund(deps, order, refund);
        else continue;
        settled++;
      }
    } catch (error) {
      deps.logger.warn({ err: error, store_id: order.store_id, order_id: order.id }, 'refund recovery failed; will retry');
    }
  }
  return settled;
}
