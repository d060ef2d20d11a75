import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express, { Router, type ErrorRequestHandler, type RequestHandler } from 'express';
import type { Logger } from '@commerce/observability';
import { requestIdFrom } from '@commerce/observability';
import type { BackgroundTask } from '@commerce/service-host';
import type { IdentityDeps } from '../app/identity-deps';
import type { IdentityConfig } from '../config';
import { accountPanelRoutes } from './account-panel.routes';
import { accountRoutes } from './account.routes';
import { authorizeRoutes } from './authorize.routes';
import { clientAddressKey, clientAddressReader } from './client-address';
import { oauthTokenRoutes } from './oauth-token.routes';
import type { PagesContext } from './pages.context';
import { platformOriginReader } from './platform-origin';
import { SessionCodec, sessions } from './session';
import { messagePage } from './views/message.view';

/**
 * Identity's HTTP side: the authorization dialog, sign-in and sign-up, the account pages, and the
 * token and revocation endpoints. Server-rendered HTML, reached through the gateway's proxy.
 */
export function createPagesApp(deps: IdentityDeps, config: IdentityConfig, logger: Logger): express.Express {
  if (!deps.oauth || !config.OAUTH_JWT_SECRET) throw new Error('The pages need OAuth settings');
  const context: PagesContext = {
    deps,
    oauth: deps.oauth,
    codec: new SessionCodec(config.OAUTH_JWT_SECRET),
    cookies: { secure: config.PUBLIC_URL?.startsWith('https:') ?? false },
    clientAddress: clientAddressReader(clientAddressKey(config.OAUTH_JWT_SECRET)),
    platformOrigin: platformOriginReader(config.PUBLIC_URL),
    logger,
  };
  const app = express();
  app.disable('x-powered-by');
  app.disable('etag');
  // No proxy is trusted (Express's default): the client's address is the gateway's signed header or the socket's
  // (client-address.ts), and the cookies' scheme and the platform's origin come from PUBLIC_URL (platform-origin.ts).
  app.use(requestLog(logger));
  app.use(securityHeaders);

  // Machine endpoints first: no session cookie, no CSRF (the client authenticates itself).
  const machine = Router();
  oauthTokenRoutes(machine, context);
  app.use(machine);

  const pages = Router();
  pages.use(sessions(context.codec, context.cookies, deps.users));
  pages.use(express.urlencoded({ extended: false, limit: '64kb' }));
  authorizeRoutes(pages, context);
  accountRoutes(pages, context);
  accountPanelRoutes(pages, context);
  pages.get('/', (_req, res) => res.redirect(303, '/account'));
  app.use(pages);

  app.use((_req, res) => void res.status(404).type('html').send(messagePage('Not found', 'There is no page at this address.')));
  app.use(errorPage(logger));
  return app;
}

/**
 * The pages app on its own port, run beside the RPCs: started once gRPC serves, closed (open connections too)
 * when the service stops.
 */
export class PagesServer implements BackgroundTask {
  readonly name = 'identity pages';
  private server?: Server;
  private baseUrl?: string;

  constructor(
    private readonly app: express.Express,
    private readonly config: Pick<IdentityConfig, 'IDENTITY_HTTP_HOST' | 'IDENTITY_HTTP_PORT'>,
    private readonly logger: Logger,
  ) {}

  /** Base URL of the pages and /oauth endpoints, once started. */
  get url(): string | undefined {
    return this.baseUrl;
  }

  async start(): Promise<void> {
    const { IDENTITY_HTTP_HOST: host, IDENTITY_HTTP_PORT: port } = this.config;
    const server = await new Promise<Server>((resolve, reject) => {
      // Express 5 calls this back on a listen error too (EADDRINUSE...): the server is then not listening.
      const listening = this.app.listen(port, host, (error?: Error) => {
        if (!error) return resolve(listening);
        const cause = (error as NodeJS.ErrnoException).code ?? error.message;
        reject(new Error(`${this.name} could not listen on ${host}:${port}: ${cause}`, { cause: error }));
      });
    });
    this.server = server;
    const { port: bound } = server.address() as AddressInfo;
    this.baseUrl = `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${bound}`;
    this.logger.info({ port: bound }, 'identity pages listening');
  }

  stop(): Promise<void> {
    const server = this.server;
    if (!server) return Promise.resolve();
    return new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  }
}

/** The pages server for a service that has OAuth settings. */
export function pagesServer(deps: IdentityDeps, config: IdentityConfig, logger: Logger): PagesServer {
  return new PagesServer(createPagesApp(deps, config, logger), config, logger);
}

/** Pages are never cached or framed (the consent button must not be clickjacked), and leak no referrer. */
const securityHeaders: RequestHandler = (_req, res, next) => {
  res.set({
    'Cache-Control': 'no-store',
    'X-Frame-Options': 'DENY',
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
    'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; img-src 'self'; frame-ancestors 'none'; base-uri 'none'",
  });
  next();
};

/** One line per request: the path only, never the query (codes, states) or the body (passwords). */
function requestLog(logger: Logger): RequestHandler {
  return (req, res, next) => {
    const requestId = requestIdFrom(req.headers['x-request-id']);
    res.locals.requestId = requestId;
    res.once('finish', () =>
      logger.info({ request_id: requestId, method: req.method, path: req.path, status: res.statusCode }, 'page request'),
    );
    next();
  };
}

function errorPage(logger: Logger): ErrorRequestHandler {
  return (error: unknown, req, res, next) => {
    if (res.headersSent) return next(error);
    const status = (error as { status?: number }).status;
    const machine = req.path.startsWith('/oauth/token') || req.path.startsWith('/oauth/revoke');
    if (status && status >= 400 && status < 500) {
      if (machine) return void res.status(400).json({ error: 'invalid_request', error_description: 'The request body could not be read' });
      return void res.status(status).type('html').send(messagePage('Bad request', 'The request could not be read.'));
    }
    // The error's message only: a stack or request dump could carry form fields.
    logger.error(
      { request_id: res.locals.requestId, err: { message: error instanceof Error ? error.message : String(error) } },
      'page failed',
    );
    if (machine) return void res.status(500).json({ error: 'server_error', error_description: 'Internal error; try again' });
    res.status(500).type('html').send(messagePage('Something went wrong', 'Please try again.'));
  };
}
