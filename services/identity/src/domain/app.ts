import { violationsOf, type FieldViolations } from '@commerce/grpc-runtime';
import { z } from 'zod';

// A type alias (not an interface) so records fit the persistence port's document type.
export type AppRecord = AppFields & {
  client_id: string;
  /** sha256 of the client secret; the secret itself is shown once, at creation. */
  client_secret_hash: string;
  owner_user_id: number;
  created_at: Date;
  updated_at: Date;
  /** Soft delete: a deleted app's client id is never reused, and its grants are revoked. */
  deleted_at: Date | null;
  /** Filters use this flag: null does not match alike on every engine. */
  deleted: boolean;
};

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * A redirect URI must be absolute, https (plain http only to this machine, for development), and
 * without a fragment (RFC 6749 §3.1.2); it is compared exactly, so it is stored as given.
 */
export function redirectUriProblem(uri: string): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(uri);
  } catch {
    return 'must be an absolute URL';
  }
  if (parsed.hash || uri.includes('#')) return 'must not contain a fragment';
  if (parsed.username || parsed.password) return 'must not contain credentials';
  if (parsed.protocol === 'https:') return undefined;
  if (parsed.protocol === 'http:' && LOOPBACK_HOSTS.has(parsed.hostname)) return undefined;
  return 'must use https (http is allowed for localhost only)';
}

/**
 * The fields a developer gives an app, declared once (docs/architecture.md#one-description-per-record): the name (held
 * trimmed) and the redirect URI (held as given), with the rules and the messages a client reads.
 */
export const appFields = z.object({
  name: z
    .string()
    .trim()
    .refine((name) => name !== '', { message: "can't be blank", abort: true })
    .refine((name) => name.length <= 100, { message: 'is too long (maximum is 100 characters)' }),
  redirect_uri: z.string().superRefine((uri, context) => {
    const problem = redirectUriProblem(uri) ?? (uri.length > 2000 ? 'is too long (maximum is 2000 characters)' : undefined);
    if (problem) context.addIssue({ code: 'custom', message: problem });
  }),
});
export type AppFields = z.output<typeof appFields>;

export function validateNewApp(input: z.input<typeof appFields>): FieldViolations {
  const result = appFields.safeParse(input);
  return result.success ? {} : violationsOf(result.error.issues);
}
