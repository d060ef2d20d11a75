import { GrpcStatus, RemoteError } from '@commerce/grpc-runtime';

/**
 * FAILED_PRECONDITION with the specific google.rpc.ErrorInfo reason the contract names (e.g.
 * SHIPPING_GROUP_IN_USE). DomainError only carries the generic reasons; a RemoteError that has a reason is
 * what the runtime sends with exactly that code, reason and metadata, so a broken rule is raised as one.
 */
export function ruleBroken(reason: string, message: string, metadata: Record<string, string> = {}): RemoteError {
  return new RemoteError({ code: GrpcStatus.FAILED_PRECONDITION, message, reason, metadata });
}
