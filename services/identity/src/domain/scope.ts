/** Every scope an app may ask for (docs/oauth.md#scopes). */
export const SCOPES = ['user', 'store_read', 'store_write'] as const;
export type Scope = (typeof SCOPES)[number];

/** docs/oauth.md#scopes: every application has `user` and `store_read`, asked for or not. */
export const DEFAULT_SCOPES: readonly Scope[] = ['user', 'store_read'];

/** What the consent page tells the user each scope allows. */
export const SCOPE_DESCRIPTIONS: Record<Scope, string> = {
  user: 'See your profile: e-mail address, login, bio and the other details of your account',
  store_read: 'Read your store: its settings, products, collections, orders and shipping',
  store_write: 'Change your store: edit settings, products, orders, shipping and webhooks',
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
  const wanted = new Set<string>([...DEFAULT_SCOPES, ...names]);
  return { scopes: SCOPES.filter((scope) => wanted.has(scope)) };
}

export const scopeString = (scopes: readonly string[]): string => scopes.join(' ');

/** True when every scope of `subset` is in `granted`. */
export const coversScopes = (granted: readonly string[], subset: readonly string[]): boolean =>
  subset.every((scope) => granted.includes(scope));
