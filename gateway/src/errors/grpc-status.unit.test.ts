import { status } from '@grpc/grpc-js';
import { httpStatusForGrpc } from './grpc-status';

describe('httpStatusForGrpc', () => {
  it.each([
    [status.INVALID_ARGUMENT, 422],
    [status.NOT_FOUND, 404],
    [status.ALREADY_EXISTS, 409],
    [status.FAILED_PRECONDITION, 409],
    [status.ABORTED, 409],
    [status.PERMISSION_DENIED, 403],
    [status.UNAUTHENTICATED, 401],
    [status.RESOURCE_EXHAUSTED, 429],
    [status.UNAVAILABLE, 503],
    [status.DEADLINE_EXCEEDED, 503],
  ])('maps gRPC %i to HTTP %i', (code, http) => {
    expect(httpStatusForGrpc(code)).toBe(http);
  });

  it.each([status.OK, status.CANCELLED, status.UNKNOWN, status.OUT_OF_RANGE, status.UNIMPLEMENTED, status.INTERNAL, status.DATA_LOSS, 99, -1])(
    'maps anything else (%i) to 500',
    (code) => {
      expect(httpStatusForGrpc(code)).toBe(500);
    },
  );
});
