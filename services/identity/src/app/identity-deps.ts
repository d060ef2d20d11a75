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

/** A store identity asks storefront to open for one of its users. */
export interface NewStore {
  name: string;
  subdomain: string;
  owner_user_id: number;
  support_email: string;
  paypal_email: string;
  time_zone: string;
  /** The user's store request key: a retry answers the store the first attempt opened. */
  request_key: string;
}

/** Storefront's answer: the store, or its refusal for good (bad input, subdomain taken), to be passed on as it is. */
export type StoreOpening = { opened: true; storeId: number } | { opened: false; refusal: Error };

/** What identity asks of storefront (implemented over gRPC in infra/storefront.client.ts). */
export interface StorefrontPort {
  /** Throws when storefront cannot answer (unavailable, past the deadline): a retry may still succeed. */
  openStore(store: NewStore): Promise<StoreOpening>;
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
  storefront: StorefrontPort;
  clock: () => Date;
  /** Absent when no signing secret is configured: then nothing OAuth is served. */
  oauth?: OAuthSettings;
  loginThrottle: ThrottleRule;
}
