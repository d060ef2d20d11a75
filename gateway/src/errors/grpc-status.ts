import { status } from '@grpc/grpc-js';

/**
 * THE one table from gRPC status to HTTP status (DESIGN §6). Every remote failure the gateway
 * answers goes through here; anything not listed is a 500 so an unexpected code never looks
 * like the client's fault.
 */
const HTTP_STATUS_BY_GRPC: Readonly<Partial<Record<status, number>>> = {
  [status.INVALID_ARGUMENT]: 422,
  [status.NOT_FOUND]: 404,
  [status.ALREADY_EXISTS]: 409,
  [status.FAILED_PRECONDITION]: 409,
  [status.ABORTED]: 409,
  [status.PERMISSION_DENIED]: 403,
  [status.UNAUTHENTICATED]: 401,
  [status.RESOURCE_EXHAUSTED]: 429,
  [status.UNAVAILABLE]: 503,
  [status.DEADLINE_EXCEEDED]: 503,
};

export function httpStatusForGrpc(code: number): number {
  return HTTP_STATUS_BY_GRPC[code as status] ?? 500;
}
