import { status } from '@grpc/grpc-js';
import { outOfStockDetail, transitionDetail, type ReasonDetail } from './reason-detail';

/** How one remote failure reads over HTTP. */
export interface HttpAnswer {
  status: number;
  /** `meta.error_type`; absent, the status's own type (errorTypeForStatus). */
  errorType?: string;
  /** Rewords the answer from the ErrorInfo metadata: `error` and `meta.errors`. */
  detail?: ReasonDetail;
}

interface GrpcEntry extends HttpAnswer {
  /** ErrorInfo reasons (the contract's own, e.g. orders.proto's) that answer otherwise than their code. */
  reasons?: Readonly<Record<string, HttpAnswer>>;
}

/**
 * THE one table from gRPC status (and, for a few broken rules, the ErrorInfo reason) to HTTP
 * (docs/api-conventions.md#errors). Every remote failure the gateway answers goes through here; anything not listed is
 * a 500 so an unexpected code never looks like the client's fault. A reason not listed answers as
 * its code does (SHIPPING_GROUP_IN_USE is a plain 409 Conflict with shipping's message).
 */
const HTTP_BY_GRPC: Readonly<Partial<Record<status, GrpcEntry>>> = {
  [status.INVALID_ARGUMENT]: { status: 422 },
  [status.NOT_FOUND]: { status: 404 },
  [status.ALREADY_EXISTS]: { status: 409 },
  [status.FAILED_PRECONDITION]: {
    status: 409,
    reasons: {
      // orders.proto: checkout and the order's transitions.
      PAYMENT_DECLINED: { status: 402, errorType: 'PaymentDeclined' },
      INSUFFICIENT_STOCK: { status: 409, errorType: 'OutOfStock', detail: outOfStockDetail },
      NOT_PURCHASABLE: { status: 409, errorType: 'NotPurchasable' },
      ILLEGAL_TRANSITION: { status: 409, errorType: 'InvalidTransition', detail: transitionDetail },
      NOTHING_TO_SHIP: { status: 409, errorType: 'NothingToShip' },
      // orders.proto: refunds (docs/money.md#refunds).
      NOT_PAID: { status: 409, errorType: 'NotPaid' },
      REFUND_DECLINED: { status: 409, errorType: 'RefundDeclined' },
      // discounts.proto: a discount code whose uses are spent (docs/money.md#discount-codes).
      DISCOUNT_UNAVAILABLE: { status: 409, errorType: 'DiscountUnavailable' },
      // catalog.proto: a sixth photo; media.proto: the store's image bytes past its quota (docs/media.md).
      PHOTO_LIMIT: { status: 409, errorType: 'PhotoLimit' },
      MEDIA_QUOTA_EXCEEDED: { status: 409, errorType: 'MediaQuotaExceeded' },
    },
  },
  [status.ABORTED]: { status: 409, reasons: { CHECKOUT_IN_PROGRESS: { status: 409, errorType: 'CheckoutInProgress' } } },
  [status.PERMISSION_DENIED]: { status: 403 },
  [status.UNAUTHENTICATED]: { status: 401 },
  // A service's own limit (sign-in throttling) carries its reason; without one, grpc-js refused a message past the
  // channel's size limit (libs/grpc-runtime/src/channel.options.ts): the platform's failure, not the client's pace.
  [status.RESOURCE_EXHAUSTED]: { status: 500, reasons: { RESOURCE_EXHAUSTED: { status: 429 } } },
  [status.UNAVAILABLE]: { status: 503 },
  [status.DEADLINE_EXCEEDED]: { status: 503 },
};

const UNKNOWN: HttpAnswer = { status: 500 };

/** The answer for a gRPC code and, when the service sent one, its ErrorInfo reason. */
export function httpAnswerForGrpc(code: number, reason?: string): HttpAnswer {
  const entry = HTTP_BY_GRPC[code as status];
  if (!entry) return UNKNOWN;
  // Own properties only: a reason named like an Object.prototype member is not in the table.
  const byReason = reason !== undefined && entry.reasons && Object.hasOwn(entry.reasons, reason) ? entry.reasons[reason] : undefined;
  return byReason ?? entry;
}

export function httpStatusForGrpc(code: number): number {
  return httpAnswerForGrpc(code).status;
}
