import type { FieldViolations } from '@commerce/grpc-runtime';

// A type alias (not an interface) so records fit the persistence port's document type.
export type AppRecord = {
  client_id: string;
  /** sha256 of the client secret; the secret itself is shown once, at creation. */
  client_secret_hash: string;
  name: string;
  redirect_uri: string;
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

export function validateNewApp(input: { name: string; redirect_uri: string }): FieldViolations {
  const violations: FieldViolations = {};
  const name = input.name.trim();
  if (!name) violations.name = ["can't be blank"];
  else if (name.length > 100) violations.name = ['is too long (maximum is 100 characters)'];
  const problem = redirectUriProblem(input.redirect_uri);
  if (problem) violations.redirect_uri = [problem];
  else if (input.redirect_uri.length > 2000) violations.redirect_uri = ['is too long (maximum is 2000 characters)'];
  return violations;
}
