import type { orders } from '@commerce/contracts';
import { validationFailed } from '@commerce/grpc-runtime';
import { DEFAULT_CURRENCY } from '@commerce/money';
import { priceRefund, refundRequestViolations, type RefundRequest } from '../domain/refund';
import { findOrder } from './get-order';
import type { OrdersDeps } from './orders-deps';
import { refundRefusalError } from './refund-order';

/**
 * POST /v1/orders/:id/refunds/calculate (docs/money.md#refunds): what the same request to CreateRefund would make of
 * the order now, priced by the rule a refund is reserved with (domain/refund.ts, priceRefund) and refused in the same
 * words (422 field by field, 409 NOT_PAID, another store's order NOT_FOUND). Reads the order; writes nothing, asks no
 * processor, so a refund made next answers the same amount unless the order changed in between.
 */
export async function calculateRefund(
  deps: Pick<OrdersDeps, 'orders'>,
  storeId: number,
  orderId: number,
  request: RefundRequest,
): Promise<orders.CalculateRefundResponse> {
  const violations = refundRequestViolations(request);
  if (Object.keys(violations).length > 0) throw validationFailed(violations);
  const order = await findOrder(deps, storeId, orderId);
  const priced = priceRefund(order, request);
  if ('refused' in priced) throw refundRefusalError(priced.refused);
  return {
    order_id: order.id,
    amount: priced.ok.amount,
    items: priced.ok.items.map(({ item_id, quantity, amount }) => ({ item_id, quantity, amount })),
    shipping: request.shipping,
    shipping_amount: priced.ok.shipping_amount,
    restock: request.restock,
    note: request.note,
    left_to_refund: priced.ok.left_to_refund,
    currency: order.currency ?? DEFAULT_CURRENCY,
  };
}
