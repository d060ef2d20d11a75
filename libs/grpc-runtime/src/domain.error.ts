// The one error model every service throws (docs/architecture.md#one-error-model): a reason the runtime maps to a
// gRPC status, a message safe to show to an API client, and optional per-field violations.
import { boundViolations, summarizeViolations } from './error-echo';

export const ERROR_REASONS = [
  'INVALID_ARGUMENT',
  'NOT_FOUND',
  'ALREADY_EXISTS',
  'FAILED_PRECONDITION',
  'CONFLICT',
  'PERMISSION_DENIED',
  'UNAUTHENTICATED',
  'RESOURCE_EXHAUSTED',
  'UNAVAILABLE',
] as const;

export type ErrorReason = (typeof ERROR_REASONS)[number];

/** Field name → messages, e.g. `{ subdomain: ['is already taken'] }`. */
export type FieldViolations = Record<string, string[]>;

export interface DomainErrorOptions {
  fieldViolations?: FieldViolations;
  /** Machine-readable specifics; travels as google.rpc.ErrorInfo metadata. */
  metadata?: Record<string, string>;
  /** The contract's own ErrorInfo reason (e.g. LAST_VARIANT) when callers must tell rules apart; `reason` otherwise. */
  errorInfoReason?: string;
}

// A registry-wide brand so the check survives two copies of this module (src under jest, dist at run time).
const DOMAIN_ERROR = Symbol.for('@commerce/grpc-runtime/DomainError');

export class DomainError extends Error {
  override readonly name = 'DomainError';
  readonly reason: ErrorReason;
  readonly fieldViolations?: FieldViolations;
  readonly metadata?: Record<string, string>;
  readonly errorInfoReason?: string;
  readonly [DOMAIN_ERROR] = true;

  constructor(reason: ErrorReason, message: string, options: DomainErrorOptions = {}) {
    super(message);
    this.reason = reason;
    if (options.fieldViolations) this.fieldViolations = options.fieldViolations;
    if (options.metadata) this.metadata = options.metadata;
    if (options.errorInfoReason) this.errorInfoReason = options.errorInfoReason;
  }
}

export function isDomainError(err: unknown): err is DomainError {
  return typeof err === 'object' && err !== null && (err as Record<symbol, unknown>)[DOMAIN_ERROR] === true;
}

/**
 * INVALID_ARGUMENT with per-field violations, bounded as error-echo.ts says (at most 20, the rest counted), so that
 * 5,000 unknown ids make a short answer. The default message reads well in `error` and in logs: "Validation failed:
 * time_zone is not a known IANA time zone".
 */
export function validationFailed(fieldViolations: FieldViolations, message?: string): DomainError {
  const bounded = boundViolations(fieldViolations);
  return new DomainError('INVALID_ARGUMENT', message ?? summarizeViolations(bounded), { fieldViolations: bounded.violations });
}

export const notFound = (resource: string): DomainError =>
  new DomainError('NOT_FOUND', `${resource} not found`, { metadata: { resource } });

export const conflict = (message: string): DomainError => new DomainError('CONFLICT', message);
export const alreadyExists = (message: string): DomainError => new DomainError('ALREADY_EXISTS', message);
export const unauthenticated = (message: string): DomainError => new DomainError('UNAUTHENTICATED', message);
export const permissionDenied = (message: string): DomainError => new DomainError('PERMISSION_DENIED', message);
export const failedPrecondition = (message: string): DomainError => new DomainError('FAILED_PRECONDITION', message);

/** FAILED_PRECONDITION naming the broken rule as the contract spells it (INSUFFICIENT_STOCK, SHIPPING_GROUP_IN_USE, ...). */
export const ruleBroken = (rule: string, message: string, metadata: Record<string, string> = {}): DomainError =>
  new DomainError('FAILED_PRECONDITION', message, { errorInfoReason: rule, metadata });

/** A NOT_FOUND domain error, e.g. a record deleted by another request meanwhile. */
export const isNotFound = (err: unknown): boolean => isDomainError(err) && err.reason === 'NOT_FOUND';
