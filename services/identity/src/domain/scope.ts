/** Every scope an app may ask for (docs/oauth.md#scopes). */
export const SCOPES = ['user', 'store_read', 'store_write', 'account'] as const;
export type Scope = (typeof SCOPES)[number];

/** docs/oauth.md#scopes: every application has `user` and `store_read`, asked for or not. */
export const DEFAULT_SCOPES: readonly Scope[] = ['user', 'store_read'];

/** What the consent page tells the user each scope allows. */
export const SCOPE_DESCRIPTIONS: Record<Scope, string> = {
  user: 'See your profile: e-mail address, login, bio and the other details of your account',
  store_read: 'Read your store: its settings, products, collections, orders and shipping',
  store_write: 'Change your store: edit settings, products, orders, shipping and webhooks',
  account:
    "Manage your account: replace your store's API key (the current key stops working at once), create and delete " +
    'your developer apps, and see and revoke the apps you authorized',
};

/**
 * What an app that opens a store for a new user (POST /v1/application/stores) receives: the store's scopes, not
 * `account`, which only the user's own consent gives (docs/oauth.md#scopes).
 */
export const APP_CREATED_STORE_SCOPES: readonly Scope[] = ['user', 'store_read', 'store_write'];

/** Scopes in canonical order (SCOPES'), unknown names dropped: how grants are listed. */
export const canonicalScopes = (names: Iterable<string>): Scope[] => {
  const held = new Set(names);
  return SCOPES.filter((scope) => held.has(scope));
};

const isScope = (name: string): name is Scope => (SCOPES as readonly string[]).includes(name);

/**
 * Reads a space-separated scope list (RFC 6749 §3.3), adds the defaults and answers the scopes in
 * canonical order, or the names it does not know.
 */
export function parseScope(requested: string | undefined): { scopes: Scope[] } | { unknown: string[] } {
  const names = (requested ?? '').split(/[\s+]+/).filter(Boolean);
  const unknown = names.filter((name) => !isScope(name));
  if (unknown.length > 0) return { unknown };
  return { scopes: canonicalScopes([...DEFAULT_SCOPES, ...names]) };
}

export const scopeString = (scopes: readonly string[]): string => scopes.join(' ');

/** True when every scope of `subset` is in `granted`. */
export const coversScopes = (granted: readonly string[], subset: readonly string[]): boolean =>
  subset.every((scope) => granted.includes(scope));
