import { GrpcStatus, isDomainError, RemoteError } from '@commerce/grpc-runtime';

/**
 * FAILED_PRECONDITION with a catalog-specific ErrorInfo reason (LAST_VARIANT, INSUFFICIENT_STOCK,
 * NOT_PURCHASABLE). DomainError only carries the generic reasons; a RemoteError that has a reason is
 * sent by the runtime exactly as given, so callers (orders, the gateway) can tell the rules apart.
 */
export function ruleBroken(reason: string, message: string, metadata: Record<string, string> = {}): RemoteError {
  return new RemoteError({ code: GrpcStatus.FAILED_PRECONDITION, message, reason, metadata });
}

/** A record that vanished meanwhile (deleted by another request): often nothing is left to do. */
export const isNotFoundError = (error: unknown): boolean => isDomainError(error) && error.reason === 'NOT_FOUND';
