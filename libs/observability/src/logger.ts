import pino, { type DestinationStream, type Logger } from 'pino';

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
  /** Tests pass a stream to capture output. */
  destination?: DestinationStream;
}

/** One structured logger per process; secrets are censored by key before anything is written. */
export function createLogger({ service, level = 'info', destination }: LoggerOptions): Logger {
  return pino(
    {
      level,
      base: { service },
      redact: { paths: REDACT_PATHS, censor: '[redacted]' },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
    },
    destination,
  );
}

/** A child logger that stamps the request id on every line it writes. */
export function requestLogger(logger: Logger, requestId: string): Logger {
  return logger.child({ request_id: requestId });
}

// A parameter named like a secret, bare or as the last bracket of a nested name (`owner[password]`,
// `owner%5Bpassword%5D`): API keys, OAuth codes, verifiers, secrets and tokens, passwords.
const SECRET_QUERY = /([?&](?:[^=&#]*(?:\[|%5B))?(?:api_key|access_token|client_secret|secret|code|code_verifier|refresh_token|password|token)(?:\]|%5D)?=)[^&#]*/gi;

/** Removes credentials from a URL before it is logged (`?api_key=`, OAuth parameters, passwords). */
export function redactUrl(url: string): string {
  return url.replace(SECRET_QUERY, '$1[redacted]');
}
