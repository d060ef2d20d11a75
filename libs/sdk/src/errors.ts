import { retryAfterMsOf } from './retry-policy';

/**
 * A call the API refused (any answer that is not 2xx), thrown by every typed call and by `paginate`. The fields
 * come from the API's one error body (docs/api-conventions.md#errors) or, for `/oauth/token`, from RFC 6749's
 * `{error, error_description}`.
 */
export class CommerceApiError extends Error {
  override readonly name = 'CommerceApiError';
  /** The HTTP status (the body's `meta.code`). */
  readonly status: number;
  /** `meta.error_type`: `ValidationError`, `NotFound`, `RateLimited`...; the OAuth `error` for a refused refresh. */
  readonly errorType: string;
  /** Each input field's messages (`meta.errors`), e.g. `{ name: ["can't be blank"] }`; `{}` when the error names no field. */
  readonly fieldErrors: Readonly<Record<string, readonly string[]>>;
  /** The answer's request id (`meta.request_id`, else the `X-Request-Id` header): quote it when asking for support. */
  readonly requestId: string | undefined;
  /** What `Retry-After` asked for, in milliseconds, on a 429 or 503 the client gave up retrying. */
  readonly retryAfterMs: number | undefined;
  /** The parsed body as the API answered it. */
  readonly body: unknown;

  constructor(fields: {
    status: number;
    errorType: string;
    message: string;
    fieldErrors?: Record<string, string[]>;
    requestId?: string;
    retryAfterMs?: number;
    body?: unknown;
  }) {
    super(fields.message);
    this.status = fields.status;
    this.errorType = fields.errorType;
    this.fieldErrors = fields.fieldErrors ?? {};
    this.requestId = fields.requestId;
    this.retryAfterMs = fields.retryAfterMs;
    this.body = fields.body;
  }
}

interface ErrorBody {
  error?: unknown;
  error_description?: unknown;
  meta?: { error_type?: unknown; error_message?: unknown; errors?: unknown; request_id?: unknown };
}

/** The error of a refused answer whose body was already read (`body`: parsed JSON, text, or undefined). */
export function apiErrorOf(
  response: Response,
  body: unknown,
  retryAfterMs: number | undefined = retryAfterMsOf(response.headers.get('retry-after')),
): CommerceApiError {
  const parsed: ErrorBody = typeof body === 'object' && body !== null ? (body as ErrorBody) : {};
  const meta = parsed.meta ?? {};
  const message =
    stringOr(meta.error_message) ??
    stringOr(parsed.error_description) ??
    stringOr(parsed.error) ??
    (typeof body === 'string' && body ? body.slice(0, 200) : `HTTP ${response.status}`);
  return new CommerceApiError({
    status: response.status,
    errorType: stringOr(meta.error_type) ?? (parsed.meta ? undefined : stringOr(parsed.error)) ?? `HTTP${response.status}`,
    message,
    fieldErrors: fieldErrorsOf(meta.errors),
    requestId: stringOr(meta.request_id) ?? response.headers.get('x-request-id') ?? undefined,
    retryAfterMs,
    body,
  });
}

/** Reads a refused answer's body (JSON when it is, else text) and makes its error. */
export async function apiErrorOfResponse(response: Response, retryAfterMs?: number): Promise<CommerceApiError> {
  const text = await response.text().catch(() => '');
  let body: unknown = text || undefined;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON: kept as text
  }
  return apiErrorOf(response, body, retryAfterMs);
}

function stringOr(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

function fieldErrorsOf(errors: unknown): Record<string, string[]> {
  if (typeof errors !== 'object' || errors === null) return {};
  const fields: Record<string, string[]> = {};
  for (const [field, messages] of Object.entries(errors)) {
    if (Array.isArray(messages)) fields[field] = messages.map(String);
    else if (typeof messages === 'string') fields[field] = [messages];
  }
  return fields;
}
