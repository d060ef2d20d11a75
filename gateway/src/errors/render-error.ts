import { status as grpcStatus } from '@grpc/grpc-js';
import { ApiError, errorTypeForStatus, type FieldErrors } from './api-error';
import { httpAnswerForGrpc } from './grpc-status';
import { asExposedHttpError, isRemoteError, type RemoteErrorLike } from './remote-error';

export interface ErrorBody {
  error: string;
  meta: {
    code: number;
    api_version: '1.0';
    error_type: string;
    error_message: string;
    errors?: FieldErrors;
    request_id: string;
  };
}

export interface RenderedError {
  status: number;
  body: ErrorBody;
  headers: Record<string, string>;
}

interface ErrorParts {
  status: number;
  errorType: string;
  message: string;
  fieldErrors?: FieldErrors;
  headers?: Record<string, string>;
}

const INTERNAL: ErrorParts = { status: 500, errorType: 'InternalServerError', message: 'Internal server error' };
const UNAVAILABLE_MESSAGE = 'Service unavailable, try again shortly';
/** Reasons that are safe to surface as `error_type` on a 403 look like type names, nothing more. */
const REASON_SHAPE = /^[A-Z][A-Za-z]{2,63}$/;

/**
 * Turns anything thrown while serving a request into the one error body of docs/api-conventions.md#errors. Only
 * errors the gateway or a service meant for the client keep their message; a 5xx says nothing
 * about its cause (the cause goes to the log, not the wire).
 */
export function renderError(err: unknown, requestId: string): RenderedError {
  const parts = partsOf(err);
  const body: ErrorBody = {
    error: parts.message,
    meta: {
      code: parts.status,
      api_version: '1.0',
      error_type: parts.errorType,
      error_message: parts.message,
      ...(parts.fieldErrors && Object.keys(parts.fieldErrors).length ? { errors: parts.fieldErrors } : {}),
      request_id: requestId,
    },
  };
  return { status: parts.status, body, headers: parts.headers ?? {} };
}

function partsOf(err: unknown): ErrorParts {
  if (err instanceof ApiError) return err.status >= 500 ? { ...genericServerError(err.status), headers: err.headers } : err;
  if (isRemoteError(err)) return remoteParts(err);
  const exposed = asExposedHttpError(err);
  if (exposed) return { ...exposed, errorType: errorTypeForStatus(exposed.status) };
  return INTERNAL;
}

function remoteParts(err: RemoteErrorLike): ErrorParts {
  const answer = httpAnswerForGrpc(err.code, err.reason);
  const status = answer.status;
  if (status >= 500) return genericServerError(status, err.code);
  const errorType =
    answer.errorType ?? (status === 403 && err.reason && REASON_SHAPE.test(err.reason) ? err.reason : errorTypeForStatus(status));
  const fieldErrors = status === 422 && err.fieldViolations ? bracketFieldNames(err.fieldViolations) : undefined;
  const worded = answer.detail?.({ message: err.message || errorType, metadata: err.metadata }) ?? {};
  return { status, errorType, message: worded.message ?? (err.message || errorType), fieldErrors: worded.fieldErrors ?? fieldErrors };
}

function genericServerError(status: number, grpcCode?: number): ErrorParts {
  const down = status === 503 || grpcCode === grpcStatus.UNAVAILABLE || grpcCode === grpcStatus.DEADLINE_EXCEEDED;
  if (!down) return INTERNAL;
  return { status: 503, errorType: 'ServiceUnavailable', message: UNAVAILABLE_MESSAGE };
}

/** Services may name nested fields `owner.email`; clients sent `owner[email]`, so answer in their words. */
function bracketFieldNames(violations: Record<string, string[]>): FieldErrors {
  // A Map then fromEntries: a field literally named `__proto__` stays an ordinary key.
  const renamed = new Map<string, string[]>();
  for (const [field, messages] of Object.entries(violations)) {
    const [head, ...rest] = field.split('.');
    const name = head + rest.map((segment) => `[${segment}]`).join('');
    renamed.set(name, [...(renamed.get(name) ?? []), ...messages]);
  }
  return Object.fromEntries(renamed);
}
