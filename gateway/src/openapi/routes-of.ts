import type { Express } from 'express';

/** One route as Express holds it: the method, the full path in OpenAPI's spelling, and its handlers. */
export interface RegisteredRoute {
  method: string;
  /** `/v1/products/{id}`: Express's `:id` as `{id}`, mount paths joined. */
  path: string;
  handlers: unknown[];
  /** Registered as another spelling of the route's first path (`/webhoooks/:id` beside `/webhooks/:id`). */
  alias: boolean;
}

interface LayerLike {
  route?: { path: string | string[]; methods: Record<string, boolean>; stack: Array<{ handle: unknown; method?: string }> };
  handle?: { stack?: LayerLike[] };
  rawPath?: unknown;
}

/**
 * Every route the app registered, walking its router and the routers mounted in it (`app.use('/v1', v1)`),
 * one entry per method and path (a route registered on a list of paths gives one per path).
 */
export function routesOf(app: Express): RegisteredRoute[] {
  return walk((app as unknown as { router: { stack: LayerLike[] } }).router.stack, '');
}

function walk(stack: LayerLike[], prefix: string): RegisteredRoute[] {
  const routes: RegisteredRoute[] = [];
  for (const layer of stack) {
    if (layer.route) {
      const paths = Array.isArray(layer.route.path) ? layer.route.path : [layer.route.path];
      const handlers = layer.route.stack.map((step) => step.handle);
      for (const method of Object.keys(layer.route.methods)) {
        paths.forEach((path, index) => routes.push({ method, path: openApiPath(prefix + path), handlers, alias: index > 0 }));
      }
    } else if (Array.isArray(layer.handle?.stack)) {
      const mount = typeof layer.rawPath === 'string' && layer.rawPath !== '/' ? layer.rawPath : '';
      routes.push(...walk(layer.handle.stack, prefix + mount));
    }
  }
  return routes;
}

/** `/products/:product_id/variants/:id` → `/products/{product_id}/variants/{id}`. */
export function openApiPath(expressPath: string): string {
  return expressPath.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, '{$1}');
}
