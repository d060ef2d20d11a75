/** Who is calling: a store's own key (full access) or an app acting for a user (scoped). */
export type Principal =
  | { kind: 'api_key'; storeId: number; keyId: string }
  | { kind: 'oauth'; userId: number; storeId: number; clientId: string; grantId: string; scopes: ReadonlySet<string> };

export type Credential = { kind: 'api_key'; value: string } | { kind: 'oauth'; value: string };

/** The rate-limit bucket of a caller: the store key, or the app and user pair. */
export function rateLimitKey(principal: Principal): string {
  return principal.kind === 'api_key' ? `store:${principal.storeId}` : `app:${principal.clientId}:user:${principal.userId}`;
}
