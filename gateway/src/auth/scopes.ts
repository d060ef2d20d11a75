import type { Principal } from './principal';

/**
 * Every scope an app may ask for (docs/oauth.md#scopes). `account` is the owner's account powers (replacing the store's
 * API key, managing apps), which store_write does not give.
 */
export const SCOPE_NAMES = ['user', 'store_read', 'store_write', 'account'] as const;

export type Scope = (typeof SCOPE_NAMES)[number];

/** docs/oauth.md#scopes: reads need store_read, writes store_write; routes may demand another (user for /v1/me, account). */
export function requiredScope(method: string, override?: Scope): Scope {
  if (override) return override;
  return method === 'GET' || method === 'HEAD' ? 'store_read' : 'store_write';
}

/** API keys are not scoped; an OAuth principal must hold the scope. Answers the missing scope, if any. */
export function missingScope(principal: Principal, scope: Scope): Scope | undefined {
  if (principal.kind === 'api_key') return undefined;
  return principal.scopes.has(scope) ? undefined : scope;
}
