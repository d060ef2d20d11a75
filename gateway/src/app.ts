import express, { Router, type Express, type RequestHandler } from 'express';
import { redactUrl, requestIdFrom, type Logger } from '@commerce/observability';
import { authenticate } from './auth/authenticate.middleware';
import type { Authenticator } from './auth/authenticator';
import { rateLimitKey } from './auth/principal';
import { principalOf } from './auth/authenticate.middleware';
import type { BackendClients } from './clients';
import { errorMiddleware, notFoundHandler } from './errors';
import { healthRoutes } from './health.routes';
import { requestParams } from './http/input';
import { idempotency } from './idempotency/idempotency.middleware';
import type { IdempotencyStore } from './idempotency/idempotency.store';
import { normalizePath } from './http/path';
import { rateLimit } from './rate-limit/rate-limit.middleware';
import type { LeakyBucket } from './rate-limit/leaky-bucket';
import { catalogRoutes } from './routes/v1/catalog';
import { applicationStoreRoutes, identityRoutes } from './routes/v1/identity';
import { shippingRoutes } from './routes/v1/shipping';
import { storeRoutes } from './routes/v1/store.routes';

export interface GatewayDeps {
  clients: BackendClients;
  authenticator: Authenticator;
  rateLimiter: LeakyBucket;
  backends: Array<{ service: string; address: string }>;
  logger: Logger;
  /** The public base URL (PUBLIC_URL) paging links are built on; the request's host when absent. */
  publicUrl?: string;
  /** Replays POSTs sent again with the same Idempotency-Key (DESIGN §6); absent, the header is ignored. */
  idempotency?: IdempotencyStore;
  /** Forwards identity's pages and /oauth endpoints (pages/identity-pages.proxy.ts); absent, those paths are 404. */
  pagesProxy?: RequestHandler;
}

/** parse → authenticate → rate-limit → route to one service → render; no business rules here. */
export function createGatewayApp(deps: GatewayDeps): Express {
  const app = express();
  app.disable('x-powered-by');
  app.disable('etag');
  app.set('query parser', 'simple');

  app.use((req, res, next) => {
    const requestId = requestIdFrom(req.headers['x-request-id']);
    res.locals.requestId = requestId;
    res.setHeader('X-Request-Id', requestId);
    if (!deps.logger.isLevelEnabled('info')) return next();
    const started = process.hrtime.bigint();
    res.once('finish', () => {
      const durationMs = Number(process.hrtime.bigint() - started) / 1e6;
      deps.logger.info({ request_id: requestId, method: req.method, url: redactUrl(req.originalUrl), status: res.statusCode, duration_ms: Math.round(durationMs * 10) / 10 }, 'request');
    });
    next();
  });
  // identity's pages first: their bodies and cookies are identity's, untouched by the API's parsing.
  if (deps.pagesProxy) app.use(deps.pagesProxy);
  app.use(normalizePath());

  // On the app itself: a nested router would cost every API request another dispatch.
  healthRoutes(app, deps.backends);

  // The app's own credentials (client id and secret) authenticate this one: it precedes the user authentication.
  applicationStoreRoutes(app, deps.clients);

  const v1 = Router();
  v1.use(authenticate(deps.authenticator));
  v1.use(rateLimit({ bucket: deps.rateLimiter, keyOf: (_req, res) => rateLimitKey(principalOf(res)) }));
  v1.use(requestParams());
  if (deps.idempotency) v1.use(idempotency(deps.idempotency, deps.logger));
  identityRoutes(v1, deps.clients);
  storeRoutes(v1, deps.clients);
  catalogRoutes(v1, deps.clients, { publicUrl: deps.publicUrl });
  shippingRoutes(v1, deps.clients);
  app.use('/v1', v1);

  app.use(notFoundHandler());
  app.use(errorMiddleware(deps.logger));
  return app;
}
