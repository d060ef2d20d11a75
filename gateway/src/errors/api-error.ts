import { boundViolations, summarizeViolations } from '@commerce/grpc-runtime';

/** Per-field messages keyed by the API's own input names (`owner[email]`, `rates[0][cents]`). */
export type FieldErrors = Record<string, string[]>;

/** `meta.error_type` for each HTTP status the gateway answers; one place, like the status table. */
const ERROR_TYPE_BY_STATUS: Readonly<Record<number, string>> = {
  400: 'BadRequest',
  401: 'Unauthorized',
  402: 'PaymentRequired',
  403: 'Forbidden',
  404: 'NotFound',
  405: 'MethodNotAllowed',
  408: 'RequestTimeout',
  409: 'Conflict',
  413: 'PayloadTooLarge',
  415: 'UnsupportedMediaType',
  422: 'ValidationError',
  429: 'RateLimited',
  431: 'RequestHeaderFieldsTooLarge',
  503: 'ServiceUnavailable',
  500: 'InternalServerError',
};

export function errorTypeForStatus(status: number): string {
  const known = ERROR_TYPE_BY_STATUS[status];
  if (known) return known;
  return status >= 500 ? 'InternalServerError' : 'BadRequest';
}

export interface ApiErrorOptions {
  /** Overrides the status's default type, e.g. `InsufficientScope` or `OAuthRequired` on a 403. */
  errorType?: string;
  fieldErrors?: FieldErrors;
  /** Extra response headers, e.g. `Retry-After` on a 429 or `WWW-Authenticate` on a 401. */
  headers?: Record<string, string>;
}

/** An error the gateway itself decided to answer; its message is shown to the client as is. */
export class ApiError extends Error {
  override readonly name: string = 'ApiError';
  readonly errorType: string;
  readonly fieldErrors?: FieldErrors;
  readonly headers?: Record<string, string>;

  constructor(
    readonly status: number,
    message: string,
    options: ApiErrorOptions = {},
  ) {
    super(message);
    this.errorType = options.errorType ?? errorTypeForStatus(status);
    this.fieldErrors = options.fieldErrors;
    this.headers = options.headers;
  }
}

/**
 * A 422 with per-field messages; what `parseInput` throws when a zod schema rejects the params. Bounded as a
 * service's are (libs/grpc-runtime/src/error-echo.ts): a list of 5,000 bad values makes 20 messages and a count.
 */
export class ValidationError extends ApiError {
  override readonly name = 'ValidationError';
  declare readonly fieldErrors: FieldErrors;

  constructor(fieldErrors: FieldErrors, message?: string) {
    const bounded = boundViolations(fieldErrors);
    super(422, message ?? summarizeViolations(bounded), { fieldErrors: bounded.violations });
  }
}
