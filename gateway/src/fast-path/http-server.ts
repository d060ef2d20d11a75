import { createServer, IncomingMessage, ServerResponse, type RequestListener, type Server } from 'node:http';
import type { Socket } from 'node:net';
import type { Express } from 'express';
import { answerClientErrors } from './client-error';

/**
 * The gateway's HTTP server. Express gives every request and response its own prototypes
 * (`Object.setPrototypeOf(req, app.request)`, same for `res`). Swapping the prototype of an object
 * node has just built costs V8 a map change per request, and the young generation then kept about
 * 30% of every request's garbage alive into the old one (measured with --trace-gc-nvp: a bare
 * node:http server went from 14 to 37 µs of CPU per request with that swap alone). Here node builds
 * them with Express's prototypes in the first place, which makes Express's swap a no-op.
 * Its figure and the other measures: README.md in this folder.
 */
export function createHttpServer(app: Express, options: { media?: RequestListener } = {}): Server {
  const { media } = options;
  // /media/<key>/<size> (media.ts) is answered before Express: image serving takes no step of the API's.
  const listener: RequestListener = media ? (req, res) => (req.url?.startsWith('/media/') ? media(req, res) : app(req, res)) : app;
  const server = createServer({ IncomingMessage: requestClass(app), ServerResponse: responseClass(app) }, listener);
  // What node's parser refuses (431, 400) is answered in the API's error shape too.
  answerClientErrors(server);
  return server;
}

/**
 * Listens on host:port; rejects, naming the address and the cause (EADDRINUSE...), when it cannot. The listen callback
 * alone waits for ever on such an error, and the 'error' event nobody listens to ends the process with a stack trace.
 */
export function listenOn(server: Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const onError = (error: NodeJS.ErrnoException) =>
      reject(new Error(`gateway could not listen on ${host}:${port}: ${error.code ?? error.message}`, { cause: error }));
    server.once('error', onError);
    server.listen(port, host, () => {
      server.off('error', onError);
      resolve();
    });
  });
}

function requestClass(app: Express): typeof IncomingMessage {
  function ExpressRequest(this: IncomingMessage, socket: Socket) {
    IncomingMessage.call(this, socket);
  }
  ExpressRequest.prototype = app.request;
  return ExpressRequest as unknown as typeof IncomingMessage;
}

function responseClass(app: Express): typeof ServerResponse {
  function ExpressResponse(this: ServerResponse, req: IncomingMessage, options?: unknown) {
    (ServerResponse as unknown as (this: ServerResponse, req: IncomingMessage, options?: unknown) => void).call(this, req, options);
  }
  ExpressResponse.prototype = app.response;
  return ExpressResponse as unknown as typeof ServerResponse;
}
