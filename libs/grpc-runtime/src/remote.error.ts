import type { status } from '@grpc/grpc-js';
import type { FieldViolations } from './domain.error';

const REMOTE_ERROR = Symbol.for('@commerce/grpc-runtime/RemoteError');

export interface RemoteErrorFields {
  code: status;
  message: string;
  /** google.rpc.ErrorInfo reason, normally an ErrorReason of the called service. */
  reason?: string;
  fieldViolations?: FieldViolations;
  metadata?: Record<string, string>;
}

/** A failed gRPC call as the caller sees it: the real status code plus the decoded rich details. */
export class RemoteError extends Error implements RemoteErrorFields {
  override readonly name = 'RemoteError';
  readonly code: status;
  readonly reason?: string;
  readonly fieldViolations?: FieldViolations;
  readonly metadata?: Record<string, string>;
  readonly [REMOTE_ERROR] = true;

  constructor(fields: RemoteErrorFields) {
    super(fields.message);
    this.code = fields.code;
    if (fields.reason !== undefined) this.reason = fields.reason;
    if (fields.fieldViolations) this.fieldViolations = fields.fieldViolations;
    if (fields.metadata) this.metadata = fields.metadata;
  }
}

export function isRemoteError(err: unknown): err is RemoteError {
  return typeof err === 'object' && err !== null && (err as Record<symbol, unknown>)[REMOTE_ERROR] === true;
}
