import fs from 'node:fs';
import path from 'node:path';
import type { IRouter, Request, Response } from 'express';
import { ApiError } from '../errors';

/** Where the dashboard's build is (gateway/dashboard, built by `npm run build`; docs/dashboard.md#how-it-is-built). */
export const DASHBOARD_DIST = path.join(path.dirname(require.resolve('@commerce/dashboard/package.json')), 'dist');

const TYPES: Readonly<Record<string, string>> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
};

/** One file of the build, with the compressed copies the build wrote beside it. */
interface Asset {
  type: string;
  bodies: { identity: Buffer; br?: Buffer; gzip?: Buffer };
}

export interface DashboardFiles {
  index: Buffer;
  assets: ReadonlyMap<string, Asset>;
}

/** The build in memory (a few hundred kB): no disk read per request, and a name not in the build is never looked up. */
export function readDashboard(dir: string = DASHBOARD_DIST): DashboardFiles | undefined {
  const indexFile = path.join(dir, 'index.html');
  if (!fs.existsSync(indexFile)) return undefined;
  const assets = new Map<string, Asset>();
  const assetDir = path.join(dir, 'assets');
  for (const name of fs.existsSync(assetDir) ? fs.readdirSync(assetDir) : []) {
    const type = TYPES[path.extname(name)];
    if (!type) continue;
    const file = path.join(assetDir, name);
    const copy = (suffix: string) => (fs.existsSync(file + suffix) ? fs.readFileSync(file + suffix) : undefined);
    assets.set(name, { type, bodies: { identity: fs.readFileSync(file), br: copy('.br'), gzip: copy('.gz') } });
  }
  return { index: fs.readFileSync(indexFile), assets };
}

/**
 * The page's policy allows its own scripts, images and calls, no inline script and nothing from elsewhere
 * (docs/dashboard.md#security); the photos it shows are served from this host's /media. Styles may also be inline or
 * data: URLs for one reason: a page template's preview is a sandboxed srcdoc frame, which inherits this policy, and a
 * buyer page carries its styles inline (and the preview links the store's css as a data: URL). The dashboard itself
 * writes every value as text, never markup, so nothing can inject a style into it.
 */
export const DASHBOARD_HEADERS: Readonly<Record<string, string>> = {
  'Content-Security-Policy':
    "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline' data:; img-src 'self' data: blob:; connect-src 'self'; " +
    "font-src 'self'; manifest-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
  'X-Frame-Options': 'DENY',
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'Cross-Origin-Opener-Policy': 'same-origin',
};

const NOT_BUILT =
  '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Dashboard not built</title></head><body>' +
  '<h1>The dashboard is not built</h1><p>Run <code>npm run build</code>, then start the gateway again.</p></body></html>';

/**
 * The owner's dashboard at /admin (docs/dashboard.md): its hashed assets cached for good, and every other /admin path
 * answered with its one page, which routes in the browser. Mount after the buyer site, so a store's host keeps its pages.
 * With PUBLIC_URL, the page answers on its host only: another name for this machine (127.0.0.1 for localhost) is sent
 * there, since sign-in comes back to PUBLIC_URL's /admin/callback and the tokens live in that origin's storage.
 */
export function dashboardRoutes(router: IRouter, files: DashboardFiles | undefined, options: { publicUrl?: string } = {}): void {
  const home = options.publicUrl ? new URL(options.publicUrl) : undefined;
  router.get('/admin/assets/:name', (req, res, next) => {
    const asset = files?.assets.get(req.params.name as string);
    // Not the page: a script that is not there must not load as HTML.
    if (!asset) return next(new ApiError(404, 'Not found'));
    const [encoding, body] = preferredBody(req, asset);
    res.set({
      'Content-Type': asset.type,
      'Cache-Control': 'public, max-age=31536000, immutable',
      Vary: 'Accept-Encoding',
      'X-Content-Type-Options': 'nosniff',
      'Content-Length': String(body.length),
    });
    if (encoding !== 'identity') res.set('Content-Encoding', encoding);
    res.end(body);
  });
  router.get(['/admin', '/admin/{*page}'], (req, res: Response) => {
    if (home && req.headers.host !== home.host) return void res.redirect(302, `${home.origin}${req.originalUrl}`);
    res.set(DASHBOARD_HEADERS);
    res.set({ 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-cache' });
    if (!files) return void res.status(503).end(NOT_BUILT);
    res.end(files.index);
  });
}

/** Brotli, else gzip, else as built: what the client accepts (q=0 refuses), among the copies there are. */
function preferredBody(req: Request, asset: Asset): ['br' | 'gzip' | 'identity', Buffer] {
  const accepted = new Set(
    String(req.headers['accept-encoding'] ?? '')
      .split(',')
      .map((part) => part.trim().toLowerCase().split(';'))
      .filter(([, quality]) => !quality || !/^\s*q=0(\.0*)?\s*$/.test(quality))
      .map(([name]) => name),
  );
  if (asset.bodies.br && accepted.has('br')) return ['br', asset.bodies.br];
  if (asset.bodies.gzip && accepted.has('gzip')) return ['gzip', asset.bodies.gzip];
  return ['identity', asset.bodies.identity];
}
