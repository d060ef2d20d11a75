import type { Application, RequestHandler } from 'express';
import { ApiError } from '../errors/api-error';

/** The parts of an Express 5 router layer read here (router@2's Layer: `match` keeps no state on the layer). */
interface LayerLike {
  match(path: string): { path: string } | false;
  route?: { path: string | string[]; methods: Record<string, boolean> };
  handle?: { stack?: LayerLike[] };
}

/** A route of the app: its layer, the mount path above it, and the methods it takes. */
interface KnownRoute {
  layer: LayerLike;
  mount: string;
  methods: string[];
}

const API_PREFIX = '/v1/';
/** The order `Allow` lists methods in. */
const METHOD_ORDER = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'];

/**
 * Mounted last in the /v1 router, so it sees only calls no route answered: a path some /v1 route takes with
 * other methods answers 405 with `Allow` (RFC 9110 §15.5.6); any other path goes on to the 404. OPTIONS is no
 * exception: the API has no OPTIONS calls, so on a known path it is a method that path does not take.
 */
export function methodNotAllowed(): RequestHandler {
  let routes: KnownRoute[] | undefined;
  return (req, _res, next) => {
    // Every route is registered before the first request: the table is read once, then kept.
    routes ??= apiRoutesOf(req.app);
    const path = req.baseUrl + req.path;
    const allowed = allowedMethods(routes, path);
    if (allowed.length === 0) return next();
    const allow = allowed.join(', ');
    next(new ApiError(405, `${req.method} is not a method of this path; it takes ${allow}`, { headers: { Allow: allow } }));
  };
}

/** The methods of every route whose pattern matches `path`, GET bringing HEAD (Express answers HEAD with GET's route). */
function allowedMethods(routes: KnownRoute[], path: string): string[] {
  const methods = new Set<string>();
  for (const route of routes) {
    if (!path.startsWith(route.mount)) continue;
    if (!route.layer.match(path.slice(route.mount.length))) continue;
    for (const method of route.methods) methods.add(method);
  }
  if (methods.has('GET')) methods.add('HEAD');
  return METHOD_ORDER.filter((method) => methods.has(method));
}

/** Every route of the app whose full path is under /v1/ (catch-all patterns aside), with its mount path. */
function apiRoutesOf(app: Application): KnownRoute[] {
  const routes: KnownRoute[] = [];
  const walk = (stack: LayerLike[], mount: string) => {
    for (const layer of stack) {
      if (layer.route) {
        const paths = [layer.route.path].flat().map((path) => mount + path);
        if (!paths.some((path) => path.startsWith(API_PREFIX) && !path.includes('*'))) continue;
        routes.push({ layer, mount, methods: Object.keys(layer.route.methods).map((method) => method.toUpperCase()) });
      } else if (Array.isArray(layer.handle?.stack)) {
        walk(layer.handle.stack, mount + mountPathOf(layer));
      }
    }
  };
  walk((app as unknown as { router: { stack: LayerLike[] } }).router.stack, '');
  return routes;
}

/** A mounted router's path (`/v1`); '' for one mounted at the root. */
function mountPathOf(layer: LayerLike): string {
  const rawPath = (layer as { rawPath?: unknown }).rawPath;
  return typeof rawPath === 'string' && rawPath !== '/' ? rawPath : '';
}
