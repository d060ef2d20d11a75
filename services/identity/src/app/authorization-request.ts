import { listExcerpt } from '@commerce/grpc-runtime';
import { isPkceValue } from '../domain/authorization-code';
import { redirectUriOf, requiresPkce, type OAuthClient } from '../domain/oauth-client';
import { parseScope, type Scope } from '../domain/scope';
import type { AppRepository } from '../infra/app.repository';
import { findClient } from './find-client';
import type { OAuthErrorCode } from './oauth-error';

/** The query of GET /oauth/authorize (and the hidden fields of the consent form). */
export interface AuthorizationParams {
  client_id?: string;
  redirect_uri?: string;
  response_type?: string;
  scope?: string;
  state?: string;
  code_challenge?: string;
  code_challenge_method?: string;
}

export interface AuthorizationRequest {
  client: OAuthClient;
  redirectUri: string;
  scopes: Scope[];
  state: string;
  codeChallenge: string;
}

export type AuthorizationCheck =
  | { kind: 'valid'; request: AuthorizationRequest }
  /** Client or redirect URI cannot be trusted: show an error page, never redirect (RFC 6749 §4.1.2.1). */
  | { kind: 'untrusted'; message: string }
  /** The redirect URI is the app's own: tell the app through it. */
  | { kind: 'redirect'; redirectUri: string; error: OAuthErrorCode; description: string; state: string };

/**
 * Checks an authorization request in RFC 6749's order: client and redirect URI first, then the rest. `platformOrigin` is
 * the origin the dashboard's redirect URI is on (http/platform-origin.ts); undefined when the request cannot tell it.
 */
export async function checkAuthorizationRequest(
  apps: AppRepository,
  params: AuthorizationParams,
  platformOrigin: string | undefined,
): Promise<AuthorizationCheck> {
  const client = await findClient(apps, params.client_id);
  if (!client) return { kind: 'untrusted', message: 'This application is not registered (unknown client_id).' };
  const redirectUri = redirectUriOf(client, platformOrigin);
  if (redirectUri === undefined) return { kind: 'untrusted', message: 'The address this request came to cannot be told (no valid Host).' };
  // Exact match (docs/oauth.md#the-authorization-request): no prefix, case or trailing-slash leniency that an attacker could use.
  if (params.redirect_uri !== undefined && params.redirect_uri !== redirectUri) {
    return { kind: 'untrusted', message: 'The redirect_uri does not match the one registered for this application.' };
  }
  const state = params.state ?? '';
  const refuse = (error: OAuthErrorCode, description: string): AuthorizationCheck => ({
    kind: 'redirect',
    redirectUri,
    error,
    description,
    state,
  });

  if (params.response_type !== 'code') return refuse('unsupported_response_type', 'Only response_type=code is supported');
  const scope = parseScope(params.scope);
  if ('unknown' in scope) return refuse('invalid_scope', `Unknown scope: ${listExcerpt(scope.unknown)}`);
  const challenge = params.code_challenge ?? '';
  const method = params.code_challenge_method;
  if (challenge && method !== 'S256') return refuse('invalid_request', 'code_challenge_method must be S256');
  if (!challenge && method) return refuse('invalid_request', 'code_challenge_method without code_challenge');
  if (challenge && !isPkceValue(challenge)) return refuse('invalid_request', 'code_challenge is malformed');
  if (!challenge && requiresPkce(client))
    return refuse('invalid_request', 'code_challenge is required: this is a public client (PKCE S256)');
  return { kind: 'valid', request: { client, redirectUri, scopes: scope.scopes, state, codeChallenge: challenge } };
}

/** The app's redirect URI with the answer's parameters added to whatever query it already has. */
export function redirectWith(redirectUri: string, params: Record<string, string>): string {
  const url = new URL(redirectUri);
  for (const [name, value] of Object.entries(params)) if (value) url.searchParams.set(name, value);
  return url.toString();
}
