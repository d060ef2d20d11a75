// Credentials travel in query strings (`?api_key=`, `?access_token=`, OAuth's `code`): never in a span. The names
// are the logs' (@commerce/observability's redactUrl), loaded at the first request rather than before the
// instrumentations: it loads node:http.
import type { redactUrl } from '@commerce/observability';

let redact: typeof redactUrl | undefined;
const redactor = (): typeof redactUrl =>
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- see above
  (redact ??= (require('@commerce/observability') as typeof import('@commerce/observability')).redactUrl);

/** The query of a request target with its credentials redacted; undefined when it has none. */
export function redactedQuery(target: string): string | undefined {
  const start = target.indexOf('?');
  if (start < 0) return undefined;
  const redacted = redactor()(target);
  const end = redacted.indexOf('#', start);
  return redacted.slice(redacted.indexOf('?') + 1, end < 0 ? undefined : end);
}

/** A full URL with its credentials redacted. */
export function redactedUrl(url: string): string {
  return url.includes('?') ? redactor()(url) : url;
}
