import type { IRouter, RequestHandler } from 'express';

/** Where the route modules register the API's calls: `get('/store', handler)` answers `GET <prefix>/store`. */
export interface ApiRoutes {
  get(path: string, handler: RequestHandler): void;
  post(path: string, handler: RequestHandler): void;
  put(path: string, handler: RequestHandler): void;
  delete(path: string, handler: RequestHandler): void;
}

/**
 * Registers the API's routes on the app itself under `prefix`. A nested Router mounted there would
 * cost every call a second dispatch (its own handle, closures and prefix trimming) for nothing:
 * the steps the API's calls share run as one middleware mounted at the same prefix.
 */
export function apiRoutesOn(app: IRouter, prefix: string): ApiRoutes {
  return {
    get: (path, handler) => void app.get(prefix + path, handler),
    post: (path, handler) => void app.post(prefix + path, handler),
    put: (path, handler) => void app.put(prefix + path, handler),
    delete: (path, handler) => void app.delete(prefix + path, handler),
  };
}
