import { identity, storefront } from '@commerce/contracts';
import { createClient, implement } from '@commerce/grpc-runtime';
import { periodic, ServiceHost, type RunningService } from '@commerce/service-host';
import type { IdentityDeps } from './app/identity-deps';
import { oauthSettings } from './app/oauth-settings';
import { purgeEndedLoginAttempts, reportAttemptPurgeFailure } from './app/purge-ended-login-attempts';
import { purgeExpiredCodes, reportPurgeFailure } from './app/purge-expired-codes';
import type { IdentityConfig } from './config';
import { identityHandlers } from './grpc/identity.handlers';
import { oauthSide } from './http/oauth-side';
import type { PagesServer } from './http/pages.server';
import { ApiKeyRepository } from './infra/api-key.repository';
import { AppRepository } from './infra/app.repository';
import { AuthorizationCodeRepository } from './infra/authorization-code.repository';
import { GrantRepository } from './infra/grant.repository';
import { ensureIdentityIndexes } from './infra/indexes';
import { LoginAttemptRepository } from './infra/login-attempt.repository';
import { RefreshTokenRepository } from './infra/refresh-token.repository';
import { StorefrontClient } from './infra/storefront.client';
import { UserRepository } from './infra/user.repository';

export interface RunningIdentityService extends RunningService {
  /** Base URL of the pages and /oauth endpoints; absent when OAuth is not configured. */
  httpUrl?: string;
}

export interface IdentityServiceOptions {
  /** Tests move time forward to expire codes and tokens. */
  clock?: () => Date;
}

/**
 * Store → relay → gRPC, then the OAuth pages over HTTP and the purges of codes and sign-in counters; `main` runs it,
 * integration tests start it in-process.
 */
export async function startIdentityService(config: IdentityConfig, options: IdentityServiceOptions = {}): Promise<RunningIdentityService> {
  let pages: PagesServer | undefined;
  const running = await ServiceHost.start(config, async (host) => {
    await ensureIdentityIndexes(host.db);
    const deps: IdentityDeps = {
      users: new UserRepository(host.db.collection(UserRepository.collection)),
      keys: new ApiKeyRepository(host.outboxCollection(ApiKeyRepository.collection)),
      apps: new AppRepository(host.db.collection(AppRepository.collection)),
      grants: new GrantRepository(host.outboxCollection(GrantRepository.collection)),
      codes: new AuthorizationCodeRepository(host.db.collection(AuthorizationCodeRepository.collection)),
      refreshTokens: new RefreshTokenRepository(host.db.collection(RefreshTokenRepository.collection)),
      loginAttempts: new LoginAttemptRepository(host.db.collection(LoginAttemptRepository.collection)),
      nextUserId: () => host.db.nextId('users'),
      nextGrantId: () => host.db.nextId('grants'),
      storefront: new StorefrontClient(
        createClient(storefront.StoreServiceClient, config.STOREFRONT_GRPC_ADDR, { deadlineMs: config.IDENTITY_BACKEND_DEADLINE_MS }),
      ),
      clock: options.clock ?? (() => new Date()),
      oauth: oauthSettings(config),
      loginThrottle: { maxFailures: config.LOGIN_MAX_FAILURES, windowMs: config.LOGIN_THROTTLE_MINUTES * 60_000 },
    };
    const codePurge = periodic(
      'authorization-code purge',
      config.CODE_PURGE_INTERVAL_MS,
      () => purgeExpiredCodes(deps, host.logger),
      (error) => reportPurgeFailure(host.logger, error),
    );
    // Passwords are checked without OAuth too (CreateStoreAccount resuming a user's store creation), so their counters
    // are purged either way.
    const attemptPurge = periodic(
      'sign-in attempt purge',
      config.LOGIN_ATTEMPT_PURGE_INTERVAL_MS,
      () => purgeEndedLoginAttempts(deps, host.logger),
      (error) => reportAttemptPurgeFailure(host.logger, error),
    );
    const oauth = oauthSide(deps, config, host.logger, codePurge);
    pages = oauth.pages;
    return {
      services: [implement(identity.IdentityServiceService, identityHandlers(deps))],
      protoFiles: ['commerce/identity/v1/identity.proto'],
      background: [...oauth.background, attemptPurge],
    };
  });
  const httpUrl = pages?.url;
  // Under the launcher, the pages' port is one identity bound itself (IDENTITY_HTTP_PORT=0): the launcher learns it
  // from the ready notice, by this name (deploy/launcher/src/stack.ts), and gives it to the gateway.
  return { ...running, httpUrl, urls: httpUrl ? { identity_pages: httpUrl } : undefined };
}
