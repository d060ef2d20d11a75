import path from 'node:path';
import type { Express, IRouter, Response } from 'express';
import { buildOpenApiDocument, type DocumentOptions } from './document';
import { z } from 'zod';
import { documented } from './operation';

/** The document's own doc: its answer is an OpenAPI object, not the `{data, meta}` envelope. */
const OPENAPI_DOC = {
  summary: 'This OpenAPI 3.1 document',
  description:
    'No credential. Also at `/v1/openapi.json`. Generated from the zod schemas the gateway validates with; the page at `/docs` renders it.',
  tag: 'Operations',
  auth: 'none',
  answer: z.looseObject({ openapi: z.string(), info: z.looseObject({}), paths: z.looseObject({}) }),
} as const;

/**
 * GET /v1/openapi(.json): the OpenAPI document of every operation this app serves, built on first call from the
 * routes it registered (all are registered by then) and kept. Public: mount before the /v1 authentication.
 */
export function openApiRoutes(app: Express, options: DocumentOptions = {}): void {
  let document: string | undefined;
  app.get(
    '/v1/openapi',
    documented(OPENAPI_DOC, (req, res) => {
      document ??= JSON.stringify(buildOpenApiDocument(req.app as Express, options));
      sendRaw(res, document);
    }),
  );
}

function sendRaw(res: Response, json: string): void {
  res.statusCode = 200;
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Cache-Control', 'no-cache');
  res.setHeader('Content-Length', Buffer.byteLength(json));
  res.end(json);
}

/** Where swagger-ui-dist's files are (installed with the gateway; the page loads nothing from elsewhere). */
const SWAGGER_UI_DIR = path.dirname(require.resolve('swagger-ui-dist/package.json'));
/** The only files of the package the page uses. */
const ASSETS: Readonly<Record<string, string>> = {
  'swagger-ui.css': 'swagger-ui.css',
  'swagger-ui-bundle.js': 'swagger-ui-bundle.js',
  'favicon.png': 'favicon-32x32.png',
};

const PAGE = `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Store Commerce API</title>
<link rel="stylesheet" href="/docs/swagger-ui.css">
<link rel="icon" type="image/png" href="/docs/favicon.png">
</head>
<body>
<div id="swagger-ui"></div>
<script src="/docs/swagger-ui-bundle.js"></script>
<script src="/docs/init.js"></script>
</body>
</html>
`;

// validatorUrl null: Swagger UI would otherwise send the document to an online validator.
const INIT = [
  "window.addEventListener('load', function () {",
  "  window.ui = SwaggerUIBundle({ url: '/v1/openapi.json', dom_id: '#swagger-ui', deepLinking: true, validatorUrl: null, " +
    'tryItOutEnabled: false });',
  '});',
  '',
].join('\n');

/**
 * The page allows exactly what Swagger UI needs: its script and stylesheet from here (no inline script or style:
 * the styles it sets go through the DOM, which the policy does not govern), its icons as data: images, and calls
 * to this origin (the document, "Try it out") and PUBLIC_URL's. api-docs.browser.test.ts fails on any refusal.
 */
export function docsSecurityHeaders(publicUrl?: string): Record<string, string> {
  const apiOrigin = publicUrl ? ` ${new URL(publicUrl).origin}` : '';
  return {
    'Content-Security-Policy':
      `default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'${apiOrigin}; ` +
      `font-src 'self'; form-action 'none'; frame-ancestors 'none'; base-uri 'none'`,
    'X-Frame-Options': 'DENY',
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'same-origin',
    'Cross-Origin-Opener-Policy': 'same-origin',
  };
}

/**
 * GET /docs: the document rendered by Swagger UI from the swagger-ui-dist package installed with the gateway.
 * Mount after the buyer site, so a store's own host keeps its pages.
 */
export function docsPageRoutes(router: IRouter, options: DocumentOptions = {}): void {
  const headers = docsSecurityHeaders(options.publicUrl);
  const send = (res: Response, type: string, body: string) => {
    res.setHeader('Content-Type', type);
    res.setHeader('Cache-Control', 'no-cache');
    res.end(body);
  };
  router.get('/docs', (_req, res) => {
    res.set(headers);
    send(res, 'text/html; charset=utf-8', PAGE);
  });
  router.get('/docs/init.js', (_req, res) => {
    res.set(headers);
    send(res, 'text/javascript; charset=utf-8', INIT);
  });
  router.get('/docs/:asset', (req, res, next) => {
    const name = req.params.asset as string;
    if (!Object.hasOwn(ASSETS, name)) return next();
    const file = ASSETS[name]!;
    res.set(headers);
    res.sendFile(file, { root: SWAGGER_UI_DIR, maxAge: '1h' }, (err) => err && next(err));
  });
}
