import express, { Router, type Express, type Request, type RequestHandler } from 'express';
import { redactUrl, requestIdFrom, type HttpServerMetrics, type Logger } from '@commerce/observability';
import { authenticate, principalOf } from './auth/authenticate.middleware';
import type { Authenticator } from './auth/authenticator';
import { rateLimitKey } from './auth/principal';
import type { BackendClients } from './clients';
import { errorMiddleware, notFoundHandler } from './errors';
import type { OpenStreams } from './event-stream/open-streams';
import { healthRoutes } from './health.routes';
import { oauthDiscoveryRoutes } from './oauth-discovery.routes';
import { requestParams } from './http/input';
import { methodNotAllowed } from './http/method-not-allowed';
import { idempotency } from './idempotency/idempotency.middleware';
import type { IdempotencyRecords } from './idempotency/idempotency.store';
import { normalizePath } from './http/path';
import { pipeline } from './fast-path/pipeline';
import { docsPageRoutes, openApiRoutes } from './openapi/openapi.routes';
import { dashboardRoutes, readDashboard } from './pages/dashboard.routes';
import { platformHostsOf } from './pages/platform-host';
import { rateLimit } from './rate-limit/rate-limit.middleware';
import type { AuthFailureLimit } from './rate-limit/auth-failure.limit';
import type { LeakyBucket } from './rate-limit/leaky-bucket';
import { buyerRoutes } from './routes/buyer';
import { catalogRoutes } from './routes/v1/catalog';
import { isPhotoUpload } from './routes/v1/catalog/photo.routes';
import { applicationStoreRoutes, identityRoutes } from './routes/v1/identity';
import { notificationsRoutes } from './routes/v1/notifications.routes';
import { ordersRoutes } from './routes/v1/orders';
import { shippingRoutes } from './routes/v1/shipping';
import { storeRoutes } from './routes/v1/store.routes';
import { storeTemplatesRoutes } from './routes/v1/store-templates.routes';
import { storeVisitsRoutes } from './routes/v1/store-visits.routes';
import { webhooksRoutes } from './routes/v1/webhooks';

export interface GatewayDeps {
  clients: BackendClients;
  authenticator: Authenticator;
  rateLimiter: LeakyBucket;
  backends: Array<{ service: string; address: string }>;
  logger: Logger;
  /**
   * The public base URL (PUBLIC_URL) paging links are built on (the request's host when absent); its host is the
   * platform's, no store's.
   */
  publicUrl?: string;
  /**
   * Replays POSTs sent again with the same Idempotency-Key (docs/api-conventions.md#retrying-a-post-safely-idempotency-key); absent, the
   * header is ignored.
   */
  idempotency?: IdempotencyRecords;
  /** Forwards identity's pages and /oauth endpoints on the platform host (pages/identity-pages.proxy.ts); absent, those paths are 404. */
  pagesProxy?: RequestHandler;
  /**
   * Failed authentication per client address (AUTH_FAILURE_*): /v1's 401s and failed client authentication on
   * POST /v1/application/stores here; the proxy limits /oauth/token with the same one. Absent, not limited.
   */
  authFailures?: AuthFailureLimit;
  /**
   * Buyer sites answer at `<subdomain>.<storefrontDomain>`; `/s/<subdomain>/` redirects there (STOREFRONT_DOMAIN;
   * default shops.localhost).
   */
  storefrontDomain?: string;
  /** Checkouts per client address (CHECKOUT_BURST, CHECKOUT_PER_SECOND); absent, not limited. */
  checkoutLimit?: LeakyBucket;
  /** Signs the buyer site's confirmation-page addresses (32 bytes, derived from OAUTH_JWT_SECRET); absent, a random key of this process. */
  buyerSiteKey?: Buffer;
  /**
   * Signs the buyer site's visitor cookies (32 bytes, derived from OAUTH_JWT_SECRET apart from buyerSiteKey); absent, a
   * random key of this process.
   */
  visitorKey?: Buffer;
  /** Counts and times every request by route pattern (METRICS_PORT); absent, nothing is measured. */
  httpMetrics?: HttpServerMetrics;
  /**
   * The live event streams open, bounded per credential (EVENT_STREAMS_PER_CREDENTIAL,
   * docs/webhooks.md#the-live-event-stream); absent, not bounded.
   */
  eventStreams?: OpenStreams;
  /** How long each long poll of a live event stream waits (tests shorten it); 15 s by default. */
  eventStreamWaitMs?: number;
  /** Where the owner's dashboard served at /admin is built (docs/dashboard.md); absent, gateway/dashboard/dist. */
  dashboardDir?: string;
}

/** parse → authenticate → rate-limit → route to one service → render; no business rules here. */
export function createGatewayApp(deps: GatewayDeps): Express {
  const app = express();
  app.disable('x-powered-by');
  app.disable('etag');
  app.set('query parser', 'simple');

  // Every request: its id, identity's pages (their bodies and cookies are identity's, untouched by the
  // API's parsing), one spelling of every /v1 path. pipeline(): the steps run as one Express layer
  // (fast-path/README.md lists it with the gateway's other performance measures).
  app.use(pipeline(requestTracking(deps.logger, deps.httpMetrics), deps.pagesProxy, normalizePath()));

  healthRoutes(app, deps.backends);
  oauthDiscoveryRoutes(app, { publicUrl: deps.publicUrl });
  // GET /v1/openapi.json: public, so before the /v1 authentication (the /docs page is mounted after the buyer site).
  openApiRoutes(app, { publicUrl: deps.publicUrl });

  // The app's own credentials (client id and secret) authenticate this one: it precedes the user authentication.
  applicationStoreRoutes(app, deps.clients, deps.authFailures);

  // Every other /v1 call: authenticate, rate-limit, read its params and Idempotency-Key (claimed or replayed
  // once route() checked the credential); then its context's routes. One router for all of /v1: a router per
  // context, each mounted under /v1, costs every call a mount per router it passes (fast-path/README.md, "Costs accepted").
  const v1 = Router();
  v1.use(
    pipeline(
      authenticate(deps.authenticator, deps.authFailures),
      rateLimit({ bucket: deps.rateLimiter, keyOf: (_req, res) => rateLimitKey(principalOf(res)) }),
      requestParams({ leavesBody: isPhotoUpload }),
      deps.idempotency && idempotency(deps.idempotency, deps.logger, { afterRouteChecks: true }),
    ),
  );
  identityRoutes(v1, deps.clients);
  storeRoutes(v1, deps.clients);
  storeTemplatesRoutes(v1, deps.clients);
  notificationsRoutes(v1, deps.clients, { publicUrl: deps.publicUrl });
  storeVisitsRoutes(v1, deps.clients);
  catalogRoutes(v1, deps.clients, { publicUrl: deps.publicUrl });
  shippingRoutes(v1, deps.clients);
  ordersRoutes(v1, deps.clients, { publicUrl: deps.publicUrl });
  webhooksRoutes(v1, deps.clients, { publicUrl: deps.publicUrl }, { streams: deps.eventStreams, waitMs: deps.eventStreamWaitMs });
  // Reached only by calls no route answered: a known path with another method (OPTIONS included) is a 405 with Allow.
  v1.use(methodNotAllowed());
  app.use('/v1', v1);

  // The buyer path: each store's site on its own host (/s/<subdomain>/ redirects there), no owner credential.
  buyerRoutes(app, deps.clients, {
    storefrontDomain: deps.storefrontDomain ?? 'localhost',
    platformHosts: platformHostsOf(deps.publicUrl),
    checkoutLimit: deps.checkoutLimit,
    idempotency: deps.idempotency,
    siteKey: deps.buyerSiteKey,
    visitorKey: deps.visitorKey,
    logger: deps.logger,
  });

  docsPageRoutes(app, { publicUrl: deps.publicUrl });
  dashboardRoutes(app, readDashboard(deps.dashboardDir), { publicUrl: deps.publicUrl });

  app.use(notFoundHandler());
  app.use(errorMiddleware(deps.logger));
  return app;
}

/**
 * A request id on every answer (`X-Request-Id`), one access-log line per request when info is on, and the
 * request counted and timed by the route that answered it when metrics are on.
 */
function requestTracking(logger: Logger, metrics: HttpServerMetrics | undefined): RequestHandler {
  return (req, res, next) => {
    const requestId = requestIdFrom(req.headers['x-request-id']);
    res.locals.requestId = requestId;
    res.setHeader('X-Request-Id', requestId);
    const logging = logger.isLevelEnabled('info');
    if (!logging && !metrics) return next();
    const started = process.hrtime.bigint();
    const routePattern = metrics && trackRoutePattern(req);
    res.once('finish', () => {
      const durationMs = Number(process.hrtime.bigint() - started) / 1e6;
      if (logging)
        logger.info(
          {
            request_id: requestId,
            method: req.method,
            url: redactUrl(req.originalUrl),
            status: res.statusCode,
            duration_ms: Math.round(durationMs * 10) / 10,
          },
          'request',
        );
      metrics?.observe({ method: req.method, route: routePattern!(), status_code: res.statusCode }, durationMs / 1000);
    });
    next();
  };
}

/**
 * The pattern of the route that answered (`/v1/products/:id`), never the raw path; `unmatched` when none did.
 * Express sets `req.route` as a route starts and restores `req.baseUrl` when the answer leaves a mounted router
 * (an error answer loses it), so the pattern is taken at that moment.
 */
function trackRoutePattern(req: Request): () => string {
  let pattern = 'unmatched';
  let route: unknown;
  Object.defineProperty(req, 'route', {
    configurable: true,
    enumerable: true,
    get: () => route,
    set(value: { path?: unknown } | undefined) {
      route = value;
      if (typeof value?.path === 'string') pattern = `${req.baseUrl}${value.path}`;
    },
  });
  return () => pattern;
}
