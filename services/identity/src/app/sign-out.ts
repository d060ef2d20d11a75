import type { IdentityDeps } from './identity-deps';

/**
 * Sign-out ends every session of the account, on every identity replica at once: the sessions carry the
 * user's session generation (in their signed cookie), each page request checks it against the stored one,
 * and this moves it on. So a copy of the cookie stops working at sign-out, not when it expires.
 */
export async function signOut(deps: Pick<IdentityDeps, 'users' | 'clock'>, userId: number): Promise<void> {
  await deps.users.endSessions(userId, deps.clock());
}
