import type { ClientRequest, IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { RequestHandler } from 'express';
import type { Logger } from '@commerce/observability';
import type { AuthFailureLimit } from '../rate-limit/auth-failure.limit';
import { CLIENT_ADDRESS_HEADER, CLIENT_ADDRESS_SIGNATURE_HEADER, clientAddressSigner } from './client-address';
import { identityPagesFront } from './identity-pages.front';

export interface IdentityPagesOptions {
  /** The host names the pages answer on (platform-host.ts: PUBLIC_URL's); on any other host the paths are not theirs. */
  platformHosts: ReadonlySet<string>;
  /** Failed /oauth/token requests per client address; absent, not limited. */
  authFailures?: AuthFailureLimit;
}

/**
 * The gateway's front for identity's pages: same paths, on the platform host only (identity-pages.front.ts), Host
 * kept (so redirects and cookies are the public ones), and the client's address as this connection shows it, signed
 * (identity throttles sign-ins by it; client-address.ts). No X-Forwarded-* is added: identity reads none, since a
 * client writes them as easily. httpxy (unjs's maintained fork of http-proxy) is ESM-only, hence loaded at start,
 * not imported (the gateway is CommonJS); main.ts builds it and hands it to the app.
 */
export async function createIdentityPagesProxy(
  target: string,
  oauthJwtSecret: string,
  logger: Logger,
  options: IdentityPagesOptions,
): Promise<RequestHandler> {
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
  return identityPagesFront(forward, options);
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
  res.writeHead(503, {
    'content-type': machine ? 'application/json; charset=utf-8' : 'text/html; charset=utf-8',
    'retry-after': '5',
    'cache-control': 'no-store',
  });
  res.end(body);
}
