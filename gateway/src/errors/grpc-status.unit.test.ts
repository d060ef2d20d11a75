import { status } from '@grpc/grpc-js';
import { httpAnswerForGrpc, httpStatusForGrpc } from './grpc-status';

describe('httpStatusForGrpc', () => {
  it.each([
    [status.INVALID_ARGUMENT, 422],
    [status.NOT_FOUND, 404],
    [status.ALREADY_EXISTS, 409],
    [status.FAILED_PRECONDITION, 409],
    [status.ABORTED, 409],
    [status.PERMISSION_DENIED, 403],
    [status.UNAUTHENTICATED, 401],
    [status.UNAVAILABLE, 503],
    [status.DEADLINE_EXCEEDED, 503],
  ])('maps gRPC %i to HTTP %i', (code, http) => {
    expect(httpStatusForGrpc(code)).toBe(http);
  });

  it.each([
    status.OK,
    status.RESOURCE_EXHAUSTED,
    status.CANCELLED,
    status.UNKNOWN,
    status.OUT_OF_RANGE,
    status.UNIMPLEMENTED,
    status.INTERNAL,
    status.DATA_LOSS,
    99,
    -1,
  ])('maps anything else (%i, RESOURCE_EXHAUSTED without a reason: a message past the size limit) to 500', (code) => {
    expect(httpStatusForGrpc(code)).toBe(500);
  });
});

describe('httpAnswerForGrpc', () => {
  it.each([
    [status.FAILED_PRECONDITION, 'PAYMENT_DECLINED', 402, 'PaymentDeclined'],
    [status.FAILED_PRECONDITION, 'INSUFFICIENT_STOCK', 409, 'OutOfStock'],
    [status.FAILED_PRECONDITION, 'NOT_PURCHASABLE', 409, 'NotPurchasable'],
    [status.FAILED_PRECONDITION, 'ILLEGAL_TRANSITION', 409, 'InvalidTransition'],
    [status.FAILED_PRECONDITION, 'NOTHING_TO_SHIP', 409, 'NothingToShip'],
    [status.FAILED_PRECONDITION, 'DISCOUNT_UNAVAILABLE', 409, 'DiscountUnavailable'],
    [status.FAILED_PRECONDITION, 'PHOTO_LIMIT', 409, 'PhotoLimit'],
    [status.FAILED_PRECONDITION, 'MEDIA_QUOTA_EXCEEDED', 409, 'MediaQuotaExceeded'],
    [status.ABORTED, 'CHECKOUT_IN_PROGRESS', 409, 'CheckoutInProgress'],
  ])('maps gRPC %i with reason %s to HTTP %i %s', (code, reason, http, errorType) => {
    expect(httpAnswerForGrpc(code, reason)).toMatchObject({ status: http, errorType });
  });

  it("answers a service's own RESOURCE_EXHAUSTED (a throttle) 429, and one without a reason (a message past the size limit) 500", () => {
    expect(httpAnswerForGrpc(status.RESOURCE_EXHAUSTED, 'RESOURCE_EXHAUSTED')).toEqual({ status: 429 });
    expect(httpAnswerForGrpc(status.RESOURCE_EXHAUSTED).status).toBe(500);
  });

  it('answers a reason the table does not list, or a reason under another code, as the code does', () => {
    expect(httpAnswerForGrpc(status.FAILED_PRECONDITION, 'SHIPPING_GROUP_IN_USE')).toEqual({ status: 409, reasons: expect.any(Object) });
    expect(httpAnswerForGrpc(status.INVALID_ARGUMENT, 'PAYMENT_DECLINED')).toEqual({ status: 422 });
    expect(httpAnswerForGrpc(status.FAILED_PRECONDITION, '__proto__').errorType).toBeUndefined();
    expect(httpAnswerForGrpc(status.INTERNAL, 'PAYMENT_DECLINED')).toEqual({ status: 500 });
  });
});
