import { randomUUID } from 'node:crypto';
import type { ErrorRequestHandler, RequestHandler, Response } from 'express';
import { sendJson } from '../fast-path/send-json';
import { ignoredParamsMeta } from '../http/ignored-params';
import { ApiError } from './api-error';
import { renderError, type RenderedError } from './render-error';

/** The slice of a pino logger this needs; structured fields first, message second. */
export interface ErrorLogger {
  error(fields: Record<string, unknown>, message: string): void;
}

/**
 * The last middleware of the app: every error, whoever threw it, leaves in the one error shape.
 * 5xx causes are logged with the request id so an operator can find what the client could not see.
 */
export function errorMiddleware(logger?: ErrorLogger): ErrorRequestHandler {
  return (err, req, res, next) => {
    // Once bytes are on the wire the body cannot change; Express's default handler closes the socket.
    if (res.headersSent) return next(err);
    const requestId = requestIdOf(res);
    const rendered = renderError(err, requestId);
    // Beside a 422, the parameters the call ignored point at a misspelt field.
    if (rendered.status === 422) Object.assign(rendered.body.meta, ignoredParamsMeta(res));
    if (rendered.status >= 500) logger?.error({ err, requestId, method: req.method, path: req.path }, 'request failed');
    sendRenderedError(res, rendered);
  };
}

/** Mounted after every route: an unknown path answers 404 in the error shape, not Express's HTML. */
export function notFoundHandler(): RequestHandler {
  return (_req, _res, next) => next(new ApiError(404, 'Not found'));
}

function requestIdOf(res: Response): string {
  const known: unknown = res.locals.requestId;
  if (typeof known === 'string' && known) return known;
  // Still answer with an id the log line can be matched by, even if no request-id middleware ran.
  const generated = randomUUID();
  res.locals.requestId = generated;
  return generated;
}

function sendRenderedError(res: Response, rendered: RenderedError): void {
  for (const [name, value] of Object.entries(rendered.headers)) res.setHeader(name, value);
  sendJson(res, rendered.status, rendered.body);
}
