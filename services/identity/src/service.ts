import { identity, storefront } from '@commerce/contracts';
import { createClient } from '@commerce/grpc-runtime';
import { ServiceHost, type RunningService } from '@commerce/service-host';
import type { IdentityDeps } from './app/identity-deps';
import type { IdentityConfig } from './config';
import { identityHandlers } from './grpc/identity.handlers';
import { startPagesServer, type RunningPagesServer } from './http/pages.server';
import { ApiKeyRepository } from './infra/api-key.repository';
import { AppRepository } from './infra/app.repository';
import { AuthorizationCodeRepository } from './infra/authorization-code.repository';
import { GrantRepository } from './infra/grant.repository';
import { LoginAttemptRepository } from './infra/login-attempt.repository';
import { RefreshTokenRepository } from './infra/refresh-token.repository';
import { UserRepository } from './infra/user.repository';

export interface RunningIdentityService extends RunningService {
  /** Base URL of the pages and /oauth endpoints; absent when OAuth is not configured. */
  httpUrl?: string;
}

export interface IdentityServiceOptions {
  /** Tests move time forward to expire codes and tokens. */
  clock?: () => Date;
}

/** Store → relay → gRPC (and the OAuth pages over HTTP), wired from the config; `main` runs it, integration tests start it in-process. */
export async function startIdentityService(config: IdentityConfig, options: IdentityServiceOptions = {}): Promise<RunningIdentityService> {
  let deps: IdentityDeps | undefined;
  const running = await ServiceHost.start(config, async (host) => {
    deps = await wireDeps(host, config, options.clock ?? (() => new Date()));
    return {
      services: [{ definition: identity.IdentityServiceService, implementation: identityHandlers(deps) }],
      protoFiles: ['commerce/identity/v1/identity.proto'],
    };
  });
  if (!deps?.oauth) {
    running.host.logger.warn('OAUTH_JWT_SECRET is not set: OAuth pages and tokens are not served');
    return running;
  }
  let pages: RunningPagesServer;
  try {
    pages = await startPagesServer(deps, config, running.host.logger);
  } catch (error) {
    await running.stop();
    throw error;
  }
  startCodePurge(running, deps, config.CODE_PURGE_INTERVAL_MS);
  return {
    ...running,
    httpUrl: pages.url,
    stop: async () => {
      await pages.close();
      await running.stop();
    },
  };
}

/** A used or expired code only matters for reuse detection, which an hour past its expiry covers; then it goes. */
const CODE_KEPT_AFTER_EXPIRY_MS = 3_600_000;

function startCodePurge(running: RunningService, deps: IdentityDeps, intervalMs: number): void {
  let purging = Promise.resolve();
  const purge = async () => {
    const cutoff = new Date(deps.clock().getTime() - CODE_KEPT_AFTER_EXPIRY_MS);
    const purged = await deps.codes.purgeExpiredBefore(cutoff).catch((error: unknown) => {
      running.host.logger.warn({ err: error }, 'could not purge expired authorization codes');
      return 0;
    });
    if (purged > 0) running.host.logger.info({ purged }, 'expired authorization codes purged');
  };
  const timer = setInterval(() => (purging = purging.then(purge)), intervalMs);
  timer.unref();
  running.host.onShutdown(async () => {
    clearInterval(timer);
    await purging;
  });
}

async function wireDeps(host: ServiceHost, config: IdentityConfig, clock: () => Date): Promise<IdentityDeps> {
  const users = UserRepository.collectionOf(host.db);
  const keys = host.relayOutboxOf(ApiKeyRepository.collectionOf(host.db));
  const apps = AppRepository.collectionOf(host.db);
  const grants = host.relayOutboxOf(GrantRepository.collectionOf(host.db));
  const codes = AuthorizationCodeRepository.collectionOf(host.db);
  const refreshTokens = RefreshTokenRepository.collectionOf(host.db);
  const loginAttempts = LoginAttemptRepository.collectionOf(host.db);
  await Promise.all([
    UserRepository.ensureIndexes(users),
    ApiKeyRepository.ensureIndexes(keys),
    AppRepository.ensureIndexes(apps),
    GrantRepository.ensureIndexes(grants),
    AuthorizationCodeRepository.ensureIndexes(codes),
    RefreshTokenRepository.ensureIndexes(refreshTokens),
    LoginAttemptRepository.ensureIndexes(loginAttempts),
  ]);
  const secret = config.OAUTH_JWT_SECRET;
  return {
    users: new UserRepository(users),
    keys: new ApiKeyRepository(keys),
    apps: new AppRepository(apps),
    grants: new GrantRepository(grants),
    codes: new AuthorizationCodeRepository(codes),
    refreshTokens: new RefreshTokenRepository(refreshTokens),
    loginAttempts: new LoginAttemptRepository(loginAttempts),
    nextUserId: () => host.db.nextId('users'),
    nextGrantId: () => host.db.nextId('grants'),
    stores: createClient(storefront.StoreServiceClient, config.STOREFRONT_GRPC_ADDR),
    clock,
    oauth: secret
      ? {
          accessToken: { secret, issuer: config.OAUTH_ISSUER, audience: config.OAUTH_AUDIENCE, ttlSeconds: config.ACCESS_TOKEN_TTL_SECONDS },
          codeTtlMs: config.AUTHORIZATION_CODE_TTL_SECONDS * 1000,
          refreshTokenTtlMs: config.REFRESH_TOKEN_TTL_DAYS * 86_400_000,
        }
      : undefined,
    loginThrottle: { maxFailures: config.LOGIN_MAX_FAILURES, windowMs: config.LOGIN_THROTTLE_MINUTES * 60_000 },
  };
}
