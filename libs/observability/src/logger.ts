import pino, { type DestinationStream, type Logger } from 'pino';
import { prettyDestination, type LogFormat } from './log-format';

export type { Logger } from 'pino';

/** Keys whose values are secrets wherever they appear in a logged object (one level of nesting and headers). */
const SECRET_KEYS = [
  'password',
  'api_key',
  'apiKey',
  'secret',
  'client_secret',
  'access_token',
  'refresh_token',
  'token',
  'code_verifier',
  'authorization',
  'cookie',
  'api-key',
];

const REDACT_PATHS = [
  ...SECRET_KEYS.map((key) => `["${key}"]`),
  ...SECRET_KEYS.map((key) => `*["${key}"]`),
  ...SECRET_KEYS.map((key) => `*.headers["${key}"]`),
  'headers["set-cookie"]',
  '*.headers["set-cookie"]',
];

export interface LoggerOptions {
  service: string;
  level?: string;
  /** JSON lines (default) or readable lines (LOG_FORMAT=pretty). */
  format?: LogFormat;
  /** Tests pass a stream to capture output. */
  destination?: DestinationStream;
}

/** One structured logger per process; secrets are censored by key before anything is written. */
export function createLogger({ service, level = 'info', format = 'json', destination }: LoggerOptions): Logger {
  return pino(
    {
      level,
      base: { service },
      redact: { paths: REDACT_PATHS, censor: '[redacted]' },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
    },
    format === 'pretty' ? prettyDestination(destination) : destination,
  );
}

/** A child logger that stamps the request id on every line it writes. */
export function requestLogger(logger: Logger, requestId: string): Logger {
  return logger.child({ request_id: requestId });
}

// The parameters whose values are credentials: API keys, OAuth codes, verifiers, secrets and tokens, passwords,
// CSRF tokens. A name matches as the code reads it (qs): percent-decoded, `+` as a space, in any letter case,
// bare or as any part of a bracketed name (`api_key[]`, `api_key[x]`, `owner[password]`).
const SECRET_NAMES = new Set([
  'api_key',
  'access_token',
  'client_secret',
  'secret',
  'code',
  'code_verifier',
  'refresh_token',
  'password',
  'token',
  'csrf_token',
]);

/** Removes credentials from a URL before it is logged; everything else stays as it was written. */
export function redactUrl(url: string): string {
  const queryStart = url.indexOf('?');
  if (queryStart < 0) return url;
  const fragmentStart = url.indexOf('#', queryStart);
  const queryEnd = fragmentStart < 0 ? url.length : fragmentStart;
  const query = url
    .slice(queryStart + 1, queryEnd)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      const name = equals < 0 ? pair : pair.slice(0, equals);
      return equals >= 0 && isSecretName(name) ? `${name}=[redacted]` : pair;
    })
    .join('&');
  return `${url.slice(0, queryStart + 1)}${query}${url.slice(queryEnd)}`;
}

function isSecretName(raw: string): boolean {
  const name = decodeLeniently(raw.replace(/\+/g, ' ')).toLowerCase();
  return name.split(/[[\]]/).some((part) => SECRET_NAMES.has(part.trim()));
}

/** Percent-decodes what is well formed and keeps the rest, as qs does (a stray `%` must not hide a name). */
function decodeLeniently(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text.replace(/(?:%[0-9a-f]{2})+/gi, (run) => {
      try {
        return decodeURIComponent(run);
      } catch {
        return run;
      }
    });
  }
}
