// The one mapping between domain errors and gRPC statuses (docs/architecture.md#one-error-model). Rich details travel
// as a google.rpc.Status in the `grpc-status-details-bin` trailer: ErrorInfo(reason) and BadRequest.
import { Metadata, status, type ServiceError } from '@grpc/grpc-js';
import { rpcErrorDetails, rpcStatus, type Any } from '@commerce/contracts';
import { isDomainError, type ErrorReason, type FieldViolations } from './domain.error';
import { boundViolations, clipText, ECHO_LIMITS } from './error-echo';
import { isRemoteError, RemoteError } from './remote.error';
import type { Logger } from './logger.port';

export const STATUS_DETAILS_KEY = 'grpc-status-details-bin';
export const BAD_REQUEST_TYPE_URL = 'type.googleapis.com/google.rpc.BadRequest';
export const ERROR_INFO_TYPE_URL = 'type.googleapis.com/google.rpc.ErrorInfo';
export const ERROR_DOMAIN = 'commerce';
const INTERNAL_MESSAGE = 'Internal error';
/**
 * The most bytes of rich details (ErrorInfo, BadRequest) an error's trailer carries. With the clipped message it keeps
 * every error's trailers far below the 64 KiB header block past which HTTP/2 stalls the connection (error-echo.ts).
 */
export const MAX_STATUS_DETAILS_BYTES = 16 * 1024;

export const REASON_TO_CODE: Readonly<Record<ErrorReason, status>> = {
  INVALID_ARGUMENT: status.INVALID_ARGUMENT,
  NOT_FOUND: status.NOT_FOUND,
  ALREADY_EXISTS: status.ALREADY_EXISTS,
  FAILED_PRECONDITION: status.FAILED_PRECONDITION,
  CONFLICT: status.ABORTED,
  PERMISSION_DENIED: status.PERMISSION_DENIED,
  UNAUTHENTICATED: status.UNAUTHENTICATED,
  RESOURCE_EXHAUSTED: status.RESOURCE_EXHAUSTED,
  UNAVAILABLE: status.UNAVAILABLE,
};

// A downstream transport failure keeps its code (the gateway answers 503) but not its message,
// which names internal addresses.
const TRANSIENT_MESSAGES: ReadonlyMap<status, string> = new Map([
  [status.UNAVAILABLE, 'Service unavailable'],
  [status.DEADLINE_EXCEEDED, 'Deadline exceeded'],
]);
const OPAQUE_REMOTE_CODES: ReadonlySet<status> = new Set([status.UNKNOWN, status.INTERNAL, status.DATA_LOSS, status.UNIMPLEMENTED]);

interface StatusDetails {
  reason?: string;
  fieldViolations?: FieldViolations;
  metadata?: Record<string, string>;
}

/**
 * Any thrown value → the error a grpc-js handler passes to its callback. A DomainError maps by reason;
 * a RemoteError from a downstream call that carries a reason passes through unchanged, a downstream
 * UNAVAILABLE/DEADLINE_EXCEEDED keeps its code with a generic message; everything else becomes
 * INTERNAL "Internal error" and is logged (with `logContext`) instead of sent.
 */
export function toServiceError(err: unknown, logger?: Logger, logContext?: object): ServiceError {
  if (isDomainError(err)) {
    const details = { reason: err.errorInfoReason ?? err.reason, fieldViolations: err.fieldViolations, metadata: err.metadata };
    return serviceError(REASON_TO_CODE[err.reason], err.message, details);
  }
  if (isRemoteError(err)) {
    if (err.reason !== undefined && !OPAQUE_REMOTE_CODES.has(err.code)) return serviceError(err.code, err.message, err);
    const transientMessage = TRANSIENT_MESSAGES.get(err.code);
    if (transientMessage !== undefined) {
      logger?.warn({ ...logContext, err }, 'downstream gRPC call failed');
      return serviceError(err.code, transientMessage);
    }
  }
  logger?.error({ ...logContext, err }, 'gRPC handler failed');
  return serviceError(status.INTERNAL, INTERNAL_MESSAGE);
}

/**
 * The error a handler answers, its trailers bounded (error-echo.ts): the message clipped, the violations bounded, and
 * rich details that would still pass `MAX_STATUS_DETAILS_BYTES` (a long ErrorInfo metadata value) cut to the reason.
 */
function serviceError(code: status, fullMessage: string, details?: StatusDetails): ServiceError {
  const message = clipText(fullMessage, ECHO_LIMITS.messageChars);
  const metadata = new Metadata();
  if (details?.reason !== undefined) metadata.set(STATUS_DETAILS_KEY, boundedStatus(code, message, details));
  return Object.assign(new Error(message), { code, details: message, metadata });
}

function boundedStatus(code: status, message: string, details: StatusDetails): Buffer {
  const fieldViolations = details.fieldViolations && boundViolations(details.fieldViolations).violations;
  const encoded = encodeStatus(code, message, { ...details, fieldViolations });
  return encoded.length <= MAX_STATUS_DETAILS_BYTES ? encoded : encodeStatus(code, message, { reason: details.reason });
}

function encodeStatus(code: status, message: string, details: StatusDetails): Buffer {
  const errorInfo = { reason: details.reason ?? '', domain: ERROR_DOMAIN, metadata: details.metadata ?? {} };
  const anys: Any[] = [{ type_url: ERROR_INFO_TYPE_URL, value: Buffer.from(rpcErrorDetails.ErrorInfo.encode(errorInfo).finish()) }];
  if (details.fieldViolations) {
    const field_violations = Object.entries(details.fieldViolations).flatMap(([field, descriptions]) =>
      descriptions.map((description) => ({ field, description })),
    );
    anys.push({ type_url: BAD_REQUEST_TYPE_URL, value: Buffer.from(rpcErrorDetails.BadRequest.encode({ field_violations }).finish()) });
  }
  return Buffer.from(rpcStatus.Status.encode({ code, message, details: anys }).finish());
}

/** A failed call's ServiceError → RemoteError with the status code and the decoded rich details. */
export function fromServiceError(err: ServiceError): RemoteError {
  const code = typeof err.code === 'number' ? err.code : status.UNKNOWN;
  const message = err.details || err.message;
  const raw = err.metadata?.get(STATUS_DETAILS_KEY)[0];
  return new RemoteError({ code, message, ...(Buffer.isBuffer(raw) ? decodeStatus(raw) : {}) });
}

function decodeStatus(bytes: Buffer): StatusDetails {
  const result: StatusDetails = {};
  try {
    for (const any of rpcStatus.Status.decode(bytes).details) {
      if (any.type_url === ERROR_INFO_TYPE_URL) {
        const info = rpcErrorDetails.ErrorInfo.decode(any.value);
        result.reason = info.reason;
        if (Object.keys(info.metadata).length > 0) result.metadata = info.metadata;
      } else if (any.type_url === BAD_REQUEST_TYPE_URL) {
        result.fieldViolations = groupViolations(rpcErrorDetails.BadRequest.decode(any.value).field_violations);
      }
    }
  } catch {
    // Malformed details from a foreign server: the status code and message still stand on their own.
  }
  return result;
}

function groupViolations(violations: { field: string; description: string }[]): FieldViolations {
  const grouped: FieldViolations = {};
  for (const { field, description } of violations) (grouped[field] ??= []).push(description);
  return grouped;
}
