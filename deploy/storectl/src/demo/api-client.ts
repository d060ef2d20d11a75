/**
 * The demo's HTTP client of the gateway: JSON in and out, the store's API key as the `API-KEY` header,
 * an `Idempotency-Key` on every POST (a retried create is answered, not repeated), and 429 answers
 * waited out as their `Retry-After` says, then sent again.
 */

export type Fetch = (
  url: string,
  init: { method: string; headers: Record<string, string>; body?: string | Uint8Array; signal?: AbortSignal },
) => Promise<Response>;

export interface ApiClientOptions {
  baseUrl: string;
  apiKey?: string;
  fetch: Fetch;
  sleep: (ms: number) => Promise<void>;
  /** Told before each wait a 429 asked for (the progress bar shows it). */
  onRateLimited?: (waitMs: number, path: string) => void;
  /** Per request. */
  timeoutMs?: number;
  /** 429s one request may wait out before giving up. */
  maxRateLimitWaits?: number;
  /** Makes the Idempotency-Key of each POST unique to this run. */
  runId: string;
}

/** A non-2xx answer, with what the error envelope says. */
export class ApiCallError extends Error {
  constructor(
    readonly method: string,
    readonly path: string,
    readonly status: number,
    readonly errorType: string | undefined,
    readonly fieldErrors: Record<string, string[]> | undefined,
    serverMessage: string,
  ) {
    super(
      `${method} ${path} answered ${status}${errorType ? ` ${errorType}` : ''}: ${serverMessage}` +
        (fieldErrors ? ` ${JSON.stringify(fieldErrors)}` : ''),
    );
  }
}

const DEFAULT_WAIT_MS = 1_000;
const LONGEST_WAIT_MS = 60_000;

/** How long a 429's `Retry-After` (seconds, or an HTTP date) asks to wait; a second when it says nothing usable. */
export function retryAfterMs(header: string | null, now: Date = new Date()): number {
  if (header === null || header.trim() === '') return DEFAULT_WAIT_MS;
  const seconds = Number(header);
  const ms = Number.isFinite(seconds) ? seconds * 1_000 : Date.parse(header) - now.getTime();
  if (!Number.isFinite(ms)) return DEFAULT_WAIT_MS;
  return Math.min(LONGEST_WAIT_MS, Math.max(100, Math.ceil(ms)));
}

export class ApiClient {
  private posts = 0;

  constructor(private readonly options: ApiClientOptions) {}

  get baseUrl(): string {
    return this.options.baseUrl;
  }

  /** `data` of a 2xx answer; an ApiCallError otherwise. `credential: false` sends no API key (the buyer path). */
  async call<T>(method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown, { credential = true } = {}): Promise<T> {
    const encoded = body !== undefined ? { body: JSON.stringify(body), contentType: 'application/json' } : undefined;
    return this.send<T>(method, path, encoded, credential);
  }

  /** POSTs `bytes` as the raw body with their image content type (POST /v1/products/:id/photos takes one); `data` as call's. */
  async upload<T>(path: string, bytes: Uint8Array, contentType: string): Promise<T> {
    return this.send<T>('POST', path, { body: bytes, contentType }, true);
  }

  private async send<T>(
    method: 'GET' | 'POST' | 'PUT',
    path: string,
    body: { body: string | Uint8Array; contentType: string } | undefined,
    credential: boolean,
  ): Promise<T> {
    const headers: Record<string, string> = { Accept: 'application/json', 'User-Agent': 'storectl-demo-seed' };
    if (body !== undefined) headers['Content-Type'] = body.contentType;
    if (credential && this.options.apiKey) headers['API-KEY'] = this.options.apiKey;
    if (method === 'POST') headers['Idempotency-Key'] = `storectl-demo-${this.options.runId}-${++this.posts}`;
    const init = { method, headers, ...(body !== undefined ? { body: body.body } : {}) };

    for (let waits = 0; ; waits++) {
      const response = await this.request(path, init);
      const answer = await bodyOf(response);
      if (response.status === 429 && waits < (this.options.maxRateLimitWaits ?? 30)) {
        const waitMs = retryAfterMs(response.headers.get('retry-after'));
        this.options.onRateLimited?.(waitMs, path);
        await this.options.sleep(waitMs);
        continue;
      }
      if (response.status >= 200 && response.status < 300) return (answer as { data: T }).data;
      throw errorOf(method, path, response.status, answer);
    }
  }

  private async request(
    path: string,
    init: { method: string; headers: Record<string, string>; body?: string | Uint8Array },
  ): Promise<Response> {
    const url = `${this.options.baseUrl}${path}`;
    try {
      return await this.options.fetch(url, { ...init, signal: AbortSignal.timeout(this.options.timeoutMs ?? 30_000) });
    } catch (error) {
      const cause = (error as { cause?: { code?: string; message?: string } }).cause;
      const reason = cause?.code ?? cause?.message ?? (error instanceof Error ? error.message : String(error));
      throw new Error(`could not reach ${url} (${reason}); is the stack running (npm start), and is --url or PUBLIC_URL its address?`);
    }
  }
}

async function bodyOf(response: Response): Promise<unknown> {
  const text = await response.text();
  try {
    return text === '' ? undefined : JSON.parse(text);
  } catch {
    return text;
  }
}

function errorOf(method: string, path: string, status: number, answer: unknown): ApiCallError {
  const envelope = (typeof answer === 'object' && answer !== null ? answer : {}) as {
    error?: unknown;
    meta?: { error_type?: unknown; errors?: unknown };
  };
  const message =
    typeof envelope.error === 'string' ? envelope.error : typeof answer === 'string' ? answer.slice(0, 200) : 'no error message';
  const errorType = typeof envelope.meta?.error_type === 'string' ? envelope.meta.error_type : undefined;
  const errors =
    typeof envelope.meta?.errors === 'object' && envelope.meta.errors !== null
      ? (envelope.meta.errors as Record<string, string[]>)
      : undefined;
  return new ApiCallError(method, path, status, errorType, errors, message);
}
