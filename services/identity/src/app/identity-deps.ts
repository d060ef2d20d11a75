import type { storefront } from '@commerce/contracts';
import type { ServiceClient } from '@commerce/grpc-runtime';
import type { AccessTokenSettings } from '../domain/access-token';
import type { ThrottleRule } from '../domain/login-throttle';
import type { ApiKeyRepository } from '../infra/api-key.repository';
import type { AppRepository } from '../infra/app.repository';
import type { AuthorizationCodeRepository } from '../infra/authorization-code.repository';
import type { GrantRepository } from '../infra/grant.repository';
import type { LoginAttemptRepository } from '../infra/login-attempt.repository';
import type { RefreshTokenRepository } from '../infra/refresh-token.repository';
import type { UserRepository } from '../infra/user.repository';

export interface OAuthSettings {
  accessToken: AccessTokenSettings;
  codeTtlMs: number;
  refreshTokenTtlMs: number;
}

/** Everything the use cases touch, wired once in service.ts. */
export interface IdentityDeps {
  users: UserRepository;
  keys: ApiKeyRepository;
  apps: AppRepository;
  grants: GrantRepository;
  codes: AuthorizationCodeRepository;
  refreshTokens: RefreshTokenRepository;
  loginAttempts: LoginAttemptRepository;
  nextUserId: () => Promise<number>;
  nextGrantId: () => Promise<number>;
  stores: ServiceClient<storefront.StoreServiceClient>;
  clock: () => Date;
  /** Absent when no signing secret is configured: then nothing OAuth is served. */
  oauth?: OAuthSettings;
  loginThrottle: ThrottleRule;
}
