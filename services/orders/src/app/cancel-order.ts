import type { orders } from '@commerce/contracts';
import { conflict } from '@commerce/grpc-runtime';
import { storeZone } from '@commerce/store-zones';
import { cancel } from '../domain/order-transitions';
import { refundableOf, refundsOf } from '../domain/refund';
import { changeStatus } from './change-status';
import { findOrder } from './get-order';
import type { OrdersDeps } from './orders-deps';
import { refundOrder, type RefundDeps } from './refund-order';
import { returnStock } from './return-stock';
import { refusalError } from './transition-refusal';

/** The key of a cancel's refund: one per order, so a repeated cancel answers the refund it made. */
const CANCEL_REFUND_KEY = 'cancel';

/**
 * Open or on hold with nothing shipped → canceled (order/canceled); the stock goes back to catalog and the discount
 * code's use to the code. A paid
 * order is refunded first, whatever is left to refund, through the refund path (docs/money.md#refunds): a declined
 * refund refuses the cancel and changes nothing. The cancel is written with stock_return 'pending'; if catalog
 * cannot be reached now, the sweep gives the stock back later (the answer is the canceled order either way).
 */
export async function cancelOrder(
  deps: RefundDeps & Pick<OrdersDeps, 'zones' | 'storefront' | 'redemptions'>,
  storeId: number,
  orderId: number,
): Promise<orders.CancelOrderResponse> {
  const current = await findOrder(deps, storeId, orderId);
  // Nothing is refunded for a cancel the state machine refuses.
  const allowed = cancel(current, deps.clock());
  if ('refused' in allowed) throw refusalError(allowed.refused);
  if (refundsOf(current).some((refund) => refund.status === 'pending')) throw conflict('A refund of this order is in progress; try again');
  const left = refundableOf(current);
  if (left > 0) {
    const timeZone = await storeZone(deps, storeId);
    const request = { amount: left, items: [], shipping: false, restock: false, note: 'Order canceled' };
    await refundOrder(deps, storeId, orderId, request, CANCEL_REFUND_KEY, timeZone);
  }
  const { order, time_zone, written } = await changeStatus(deps, storeId, orderId, cancel, 'order/canceled');
  try {
    await returnStock(deps, written);
  } catch (error) {
    deps.logger.warn({ err: error, store_id: storeId, order_id: orderId }, 'stock of a canceled order not returned yet; the sweep will');
  }
  return { order, time_zone };
}
