import './tracing';
import cluster from 'node:cluster';
import { hkdfSync } from 'node:crypto';
import { connect } from 'nats';
import { createLogger, loadMetrics } from '@commerce/observability';
import { stopTracing } from '@commerce/tracing';
import { ApiKeyCache } from './auth/api-key.cache';
import { Authenticator } from './auth/authenticator';
import { backendAddresses, createBackendClients } from './clients';
import { createGatewayApp } from './app';
import { createHttpServer, listenOn } from './fast-path/http-server';
import { mediaHandler } from './fast-path/media';
import { loadGatewayConfig } from './config';
import { GrantStatusCache } from './auth/grant-status.cache';
import { listenForGrantRevocations } from './events/grant-revocation.listener';
import { listenForKeyRotations } from './events/key-rotation.listener';
import { endStreamsOfRevokedCredentials } from './events/stream-revocation.listener';
import { OpenStreams } from './event-stream/open-streams';
import { createIdentityPagesProxy } from './pages/identity-pages.proxy';
import { platformHostsOf } from './pages/platform-host';
import { IdempotencyStore } from './idempotency/idempotency.store';
import { LeakyBucket } from './rate-limit/leaky-bucket';
import { AUTH_FAILURE_USAGE_SUBJECT, CHECKOUT_USAGE_SUBJECT, startRateLimitSync } from './rate-limit/usage-sync';
import { AuthFailureLimit } from './rate-limit/auth-failure.limit';
import { runWorkerPool } from './worker-pool';

async function main(): Promise<void> {
  const config = loadGatewayConfig();
  const logger = createLogger({ service: 'gateway', level: config.LOG_LEVEL, format: config.LOG_FORMAT });
  const metricsAt = config.METRICS_PORT === undefined ? undefined : { port: config.METRICS_PORT, host: config.METRICS_HOST };
  // prom-client is loaded only when metrics are served (METRICS_PORT).
  const metricsToolkit = metricsAt && loadMetrics();
  if (config.GATEWAY_WORKERS > 1 && cluster.isPrimary) {
    // The primary serves no request: it serves the sum of its workers' metrics.
    if (metricsAt && metricsToolkit) await metricsToolkit.serveClusterMetrics(metricsAt);
    return runWorkerPool({ workers: config.GATEWAY_WORKERS, logger });
  }
  const metrics = metricsToolkit && metricsToolkit.createMetricsRegistry('gateway');
  if (metricsAt && metricsToolkit && metrics) {
    if (cluster.isWorker) metricsToolkit.shareMetricsWithPrimary(metrics);
    else logger.info({ port: (await metricsToolkit.serveMetrics(metrics, metricsAt)).port }, 'metrics served at /metrics');
  }
  const clients = createBackendClients(config);
  const keyCache = new ApiKeyCache(config.API_KEY_CACHE_TTL_MS);
  const grantCache = new GrantStatusCache(config.GRANT_CACHE_TTL_MS);
  const tokenSettings = { secret: config.OAUTH_JWT_SECRET, issuer: config.OAUTH_ISSUER, audience: config.OAUTH_AUDIENCE };
  const authenticator = new Authenticator(clients.identity, keyCache, tokenSettings, grantCache);
  const nc = await connect({ servers: config.NATS_URL, name: 'gateway', maxReconnectAttempts: -1 });
  listenForKeyRotations(nc, keyCache);
  // A claim outlives any request (deadline plus slack) before a retry may take it over.
  const idempotencyStore = await IdempotencyStore.open(nc, {
    ttlMs: 24 * 60 * 60_000,
    staleAfterMs: config.GRPC_DEADLINE_MS + 30_000,
    sealKey: Buffer.from(hkdfSync('sha256', config.OAUTH_JWT_SECRET, '', 'gateway idempotency records', 32)),
  });
  listenForGrantRevocations(nc, grantCache);
  // Live event streams, bounded per credential across processes and replicas, ended when their credential is.
  const eventStreams = new OpenStreams(config.EVENT_STREAMS_PER_CREDENTIAL);
  const eventStreamSharing = eventStreams.share(nc);
  endStreamsOfRevokedCredentials(nc, eventStreams);
  const rateLimiter = new LeakyBucket({
    capacity: config.RATE_LIMIT_BURST,
    leakPerSecond: config.RATE_LIMIT_PER_SECOND,
    trackLocalUsage: true,
  });
  const rateLimitSync = startRateLimitSync(nc, rateLimiter, { intervalMs: config.RATE_LIMIT_SYNC_INTERVAL_MS });
  // Failed authentications per client address: a bucket (a key space) of their own, shared on a subject of their own.
  const failureBucket =
    config.AUTH_FAILURE_BURST > 0
      ? new LeakyBucket({ capacity: config.AUTH_FAILURE_BURST, leakPerSecond: config.AUTH_FAILURE_PER_SECOND, trackLocalUsage: true })
      : undefined;
  const failureSync =
    failureBucket &&
    startRateLimitSync(nc, failureBucket, { intervalMs: config.RATE_LIMIT_SYNC_INTERVAL_MS, subject: AUTH_FAILURE_USAGE_SUBJECT });
  const authFailures = failureBucket && new AuthFailureLimit(failureBucket);
  // Checkouts per client address (buyers have no credential): a bucket and a subject of their own too.
  const checkoutLimit =
    config.CHECKOUT_BURST > 0
      ? new LeakyBucket({ capacity: config.CHECKOUT_BURST, leakPerSecond: config.CHECKOUT_PER_SECOND, trackLocalUsage: true })
      : undefined;
  const checkoutSync =
    checkoutLimit &&
    startRateLimitSync(nc, checkoutLimit, { intervalMs: config.RATE_LIMIT_SYNC_INTERVAL_MS, subject: CHECKOUT_USAGE_SUBJECT });
  // identity's pages answer on the platform host only: never where a store's markup is served.
  const pagesProxy = await createIdentityPagesProxy(config.IDENTITY_HTTP_URL, config.OAUTH_JWT_SECRET, logger, {
    platformHosts: platformHostsOf(config.PUBLIC_URL),
    authFailures,
  });
  // The buyer site's confirmation-page addresses: the same key on every replica, apart from the secret's other uses.
  const buyerSiteKey = Buffer.from(hkdfSync('sha256', config.OAUTH_JWT_SECRET, '', 'gateway buyer site confirmation tokens', 32));
  // Visitor cookies: another key of the same kind, so that no confirmation mac can pass for a visitor id's.
  const visitorKey = Buffer.from(hkdfSync('sha256', config.OAUTH_JWT_SECRET, '', 'gateway buyer site visitor ids', 32));
  const app = createGatewayApp({
    clients,
    authenticator,
    rateLimiter,
    backends: backendAddresses(config),
    logger,
    publicUrl: config.PUBLIC_URL,
    pagesProxy,
    idempotency: idempotencyStore,
    authFailures,
    storefrontDomain: config.STOREFRONT_DOMAIN,
    checkoutLimit,
    buyerSiteKey,
    visitorKey,
    httpMetrics: metricsToolkit && metrics ? metricsToolkit.httpServerMetrics(metrics) : undefined,
    eventStreams,
  });
  const server = createHttpServer(app, { media: mediaHandler(clients.media, { cacheBytes: config.MEDIA_CACHE_BYTES }) });
  server.keepAliveTimeout = 65_000;
  await listenOn(server, config.PORT, config.HOST);
  logger.info({ port: config.PORT }, 'gateway listening');

  const shutdown = () => {
    logger.info('gateway stopping');
    // Open event streams end now, so the server does not wait on them; their clients resume with Last-Event-ID.
    eventStreams.endAll();
    server.close(() => {
      eventStreamSharing.stop();
      rateLimitSync.stop();
      failureSync?.stop();
      checkoutSync?.stop();
      // The spans still waiting are exported before the process ends (at once when it does not trace).
      void nc.drain().finally(() => void stopTracing().finally(() => process.exit(0)));
    });
    server.closeIdleConnections();
    setTimeout(() => process.exit(0), 5_000).unref();
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
}

main().catch((error: unknown) => {
  process.stderr.write(`gateway failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
