/**
 * What the gateway's gRPC client throws (`RemoteError` in @commerce/grpc-runtime). Matched by
 * shape, not by import, so the error table does not depend on the transport library.
 */
export interface RemoteErrorLike {
  name: 'RemoteError';
  /** A gRPC status code. */
  code: number;
  message: string;
  /** A domain reason, e.g. `InsufficientScope`; used as `error_type` on a 403. */
  reason?: string;
  fieldViolations?: Record<string, string[]>;
  /** google.rpc.ErrorInfo metadata: the specifics of a broken rule (e.g. an order's current `status`). */
  metadata?: Record<string, string>;
}

export function isRemoteError(err: unknown): err is RemoteErrorLike {
  if (typeof err !== 'object' || err === null) return false;
  const candidate = err as Partial<RemoteErrorLike>;
  return candidate.name === 'RemoteError' && typeof candidate.code === 'number';
}

/**
 * A 4xx raised by Express or its parsers (http-errors convention: `status` plus `expose`), e.g.
 * the router's 400 for a malformed percent-encoded path parameter. Only exposed 4xx count;
 * anything else stays an anonymous 500.
 */
export interface ExposedHttpError {
  status: number;
  message: string;
}

export function asExposedHttpError(err: unknown): ExposedHttpError | undefined {
  if (!(err instanceof Error)) return undefined;
  const { status, statusCode, expose } = err as Error & { status?: unknown; statusCode?: unknown; expose?: unknown };
  const code = typeof status === 'number' ? status : statusCode;
  if (expose !== true || typeof code !== 'number' || code < 400 || code > 499) return undefined;
  return { status: code, message: err.message };
}
