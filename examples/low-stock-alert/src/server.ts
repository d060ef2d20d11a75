import http from 'node:http';
import { finishInstall, receiveWebhook, showStatus, startInstall, type RouteDeps } from './routes.js';

type Route = (deps: RouteDeps, request: http.IncomingMessage, response: http.ServerResponse) => void | Promise<void>;

const ROUTES: Record<string, Route> = {
  'GET /': showStatus,
  'GET /install': startInstall,
  'GET /callback': finishInstall,
  'POST /webhooks': receiveWebhook,
};

/** The app's HTTP server: four routes, and a 500 that says nothing of what failed (the log does). */
export function createServer(deps: RouteDeps): http.Server {
  return http.createServer(async (request, response) => {
    const route = ROUTES[`${request.method} ${new URL(request.url ?? '/', 'http://app').pathname}`];
    if (!route) return void response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found\n');
    try {
      await route(deps, request, response);
    } catch (error) {
      deps.log('request failed', { method: request.method, url: request.url, error: (error as Error).message });
      if (!response.headersSent) response.writeHead(500, { 'content-type': 'text/plain' });
      response.end('Something went wrong\n');
    }
  });
}
