/**
 * One authorization of an app by a user, from a code exchange (or an app-created store) until it
 * is revoked. Its refresh tokens are one rotating family; every access token names it (`grant_id`),
 * so revoking it ends them all.
 */
export type GrantRecord = {
  id: number;
  user_id: number;
  client_id: string;
  scopes: string[];
  created_at: Date;
  updated_at: Date;
  /** Null while active; a revoked grant never comes back (a new authorization makes a new grant). */
  revoked_at: Date | null;
  /** Filters use this flag: null does not match alike on every engine. */
  active: boolean;
  revoked_reason: string;
  version: number;
};

export type RevocationReason = 'user_revoked' | 'app_deleted' | 'token_revoked' | 'code_reused' | 'refresh_token_reused';

/** Access tokens carry the grant id as a string claim. */
export const grantIdOf = (grant: Pick<GrantRecord, 'id'>): string => String(grant.id);

export function parseGrantId(grantId: string): number | undefined {
  if (!/^[1-9][0-9]{0,15}$/.test(grantId)) return undefined;
  const id = Number(grantId);
  return Number.isSafeInteger(id) ? id : undefined;
}
