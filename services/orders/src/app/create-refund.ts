import { randomUUID } from 'node:crypto';
import type { orders } from '@commerce/contracts';
import { validationFailed } from '@commerce/grpc-runtime';
import { storeZone } from '@commerce/store-zones';
import { REFUND_LIMITS, refundRequestViolations, type RefundRequest } from '../domain/refund';
import { orderMessage, refundMessage } from './order-message';
import type { OrdersDeps } from './orders-deps';
import { refundOrder, type RefundDeps } from './refund-order';

/**
 * POST /v1/orders/:id/refunds (docs/money.md#refunds): the refund, or why not (422 field by field, 409 NOT_PAID or
 * REFUND_DECLINED). `refundKey` (the caller's Idempotency-Key) makes a repeat answer the first refund.
 */
export async function createRefund(
  deps: RefundDeps & Pick<OrdersDeps, 'zones' | 'storefront'>,
  storeId: number,
  orderId: number,
  request: RefundRequest,
  refundKey: string,
): Promise<orders.CreateRefundResponse> {
  const violations = refundRequestViolations(request);
  if (refundKey.length > REFUND_LIMITS.key) (violations.refund_key ??= []).push(`is too long (maximum is ${REFUND_LIMITS.key} characters)`);
  if (Object.keys(violations).length > 0) throw validationFailed(violations);
  const timeZone = await storeZone(deps, storeId);
  // Callers' keys live apart from the service's own (a cancel's refund).
  const key = `api:${refundKey === '' ? randomUUID() : refundKey}`;
  const { order, refund } = await refundOrder(deps, storeId, orderId, request, key, timeZone);
  return { refund: refundMessage(order, refund), order: orderMessage(order), time_zone: timeZone };
}
