import type { ClientRequest, IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { RequestHandler } from 'express';
import type { Logger } from '@commerce/observability';
import { pathnameOf } from '../http/path';
import type { AuthFailureLimit } from '../rate-limit/auth-failure.limit';
import { CLIENT_ADDRESS_HEADER, CLIENT_ADDRESS_SIGNATURE_HEADER, clientAddressSigner } from './client-address';
import { isIdentityPagePath } from './identity-pages.paths';

/**
 * The gateway's front for identity's pages: same paths, Host kept (so redirects and cookies are
 * the public ones), and the client's address as this connection shows it, signed (identity throttles
 * sign-ins by it; client-address.ts). No X-Forwarded-* is added: identity reads none, since a client
 * writes them as easily. httpxy (unjs's maintained fork of http-proxy) is ESM-only, hence loaded at start, not
 * imported (the gateway is CommonJS); main.ts builds it and hands it to the app.
 */
export async function createIdentityPagesProxy(target: string, oauthJwtSecret: string, logger: Logger, authFailures?: AuthFailureLimit): Promise<RequestHandler> {
  const { createProxyServer } = await import('httpxy');
  const signedClientAddress = clientAddressSigner(oauthJwtSecret);
  const proxy = createProxyServer({ target, changeOrigin: false });
  proxy.on('proxyReq', (proxyReq: ClientRequest, req: IncomingMessage, res: ServerResponse) => {
    const requestId = (res as unknown as { locals?: { requestId?: string } }).locals?.requestId;
    if (requestId) proxyReq.setHeader('x-request-id', requestId);
    // Only the gateway writes these: a client's copy is dropped before the address it connected from is set.
    proxyReq.removeHeader(CLIENT_ADDRESS_HEADER);
    proxyReq.removeHeader(CLIENT_ADDRESS_SIGNATURE_HEADER);
    const address = req.socket.remoteAddress;
    if (address) for (const [name, value] of Object.entries(signedClientAddress(address))) proxyReq.setHeader(name, value);
  });
  proxy.on('error', (error, req, res) => {
    if (req && res) unavailable(error, req, res, logger);
  });
  const forward: RequestHandler = (req, res) => void proxy.web(req, res).catch(() => undefined);
  // Decided here on the raw path, before the proxy's own (costlier) request matching: every API call passes by.
  return (req, res, next) => {
    const pathname = pathnameOf(req.url);
    if (!isIdentityPagePath(pathname)) return next();
    // A token request identity refuses (400 invalid_grant / invalid_client, 401) is a failed authentication of the address.
    const refused = authFailures && isTokenEndpoint(pathname) ? authFailures.guard(req, res, isTokenFailure) : undefined;
    return refused ? next(refused) : forward(req, res, next);
  };
}

function isTokenEndpoint(pathname: string): boolean {
  return pathname === '/oauth/token' || pathname.startsWith('/oauth/token/');
}

function isTokenFailure(status: number): boolean {
  return status === 400 || status === 401;
}


/** identity is down or unreachable: a 503 in the form the caller reads (JSON for the token endpoints). */
function unavailable(error: Error, req: IncomingMessage, res: ServerResponse | Socket, logger: Logger): void {
  logger.warn({ err: { message: error.message, code: (error as { code?: string }).code } }, 'identity pages unreachable');
  if (!('writeHead' in res)) return void res.destroy();
  if (res.headersSent) return void res.end();
  const machine = (req.url ?? '').startsWith('/oauth/token') || (req.url ?? '').startsWith('/oauth/revoke');
  const body = machine
    ? JSON.stringify({ error: 'temporarily_unavailable', error_description: 'The authorization server is unavailable; try again shortly' })
    : '<!doctype html><title>Unavailable</title><p>Sign-in is unavailable right now. Try again shortly.</p>';
  res.writeHead(503, { 'content-type': machine ? 'application/json; charset=utf-8' : 'text/html; charset=utf-8', 'retry-after': '5', 'cache-control': 'no-store' });
  res.end(body);
}
