import { failedPrecondition } from '@commerce/grpc-runtime';
import type { IdentityDeps, OAuthSettings } from './identity-deps';

/** RFC 6749 §5.2 (token endpoint) and §4.1.2.1 (authorization response) error codes. */
export type OAuthErrorCode =
  | 'invalid_request'
  | 'invalid_client'
  | 'invalid_grant'
  | 'unauthorized_client'
  | 'unsupported_grant_type'
  | 'invalid_scope'
  | 'access_denied'
  | 'unsupported_response_type'
  | 'server_error';

/** An OAuth refusal; its description is written for the client's developer and never names a secret. */
export class OAuthError extends Error {
  override readonly name = 'OAuthError';

  constructor(
    readonly code: OAuthErrorCode,
    readonly description: string,
  ) {
    super(description);
  }

  /** RFC 6749 §5.2: 401 for a failed client authentication, 400 for the rest. */
  get httpStatus(): number {
    if (this.code === 'invalid_client') return 401;
    return this.code === 'server_error' ? 500 : 400;
  }
}

/** The OAuth settings, or a refusal when this process was started without a signing secret. */
export function oauthOf(deps: Pick<IdentityDeps, 'oauth'>): OAuthSettings {
  if (!deps.oauth) throw failedPrecondition('OAuth is not configured on this identity service (OAUTH_JWT_SECRET is missing)');
  return deps.oauth;
}
