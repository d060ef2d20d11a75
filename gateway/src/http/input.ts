import { text, type Request, type RequestHandler } from 'express';
import { ApiError } from '../errors/api-error';
import { nestedDeeperThan } from './nesting';
import { DEFAULT_PARAM_LIMITS, isRecord, mergeParams, parseParamString, type ParamLimits, type Params } from './params';

export interface RequestParamsOptions {
  /** Largest body accepted; more is a 413. */
  maxBodyBytes?: number;
  limits?: ParamLimits;
  /** Requests whose body the route streams itself (photo uploads, up to 25 MB): only their query is read here. */
  leavesBody?: (req: Request) => boolean;
}

const ONE_MEGABYTE = 1024 * 1024;
const paramsByRequest = new WeakMap<Request, Params>();

/**
 * Produces the one params object of a request (docs/api-conventions.md#inputs): the query string, then the
 * body over it. The body may be JSON, a form, or a form (or JSON, recognised by a leading `{`)
 * sent with no Content-Type at all, as some clients do on PUT.
 *
 * The query is parsed here from `req.originalUrl` with the same bracket rules as form bodies,
 * so the result does not depend on the app's "query parser" setting (Express 5's default
 * "simple" is fine; `req.query` is simply not used for params). Mount before the routers and do
 * not mount other body parsers: this one reads every body.
 */
export function requestParams(options: RequestParamsOptions = {}): RequestHandler {
  const maxBodyBytes = options.maxBodyBytes ?? ONE_MEGABYTE;
  const limits = options.limits ?? DEFAULT_PARAM_LIMITS;
  // Read every body as text whatever its type; we choose the parser ourselves below.
  const readBodyText = text({ type: () => true, limit: maxBodyBytes });
  return (req, res, next) => {
    // Most reads carry no body at all: skip the body reader's machinery for them.
    const noBody = req.headers['content-length'] === undefined && req.headers['transfer-encoding'] === undefined;
    if (noBody || options.leavesBody?.(req)) {
      try {
        req.body = {};
        paramsByRequest.set(req, queryParams(req, limits));
        return next();
      } catch (err) {
        return next(err);
      }
    }
    readBodyText(req, res, (readError?: unknown) => {
      if (readError) return next(bodyReadError(readError, maxBodyBytes));
      try {
        const body = bodyParams(req, limits);
        req.body = body;
        paramsByRequest.set(req, mergeParams(queryParams(req, limits), body));
        next();
      } catch (err) {
        next(err);
      }
    });
  };
}

/** The request's merged params; `requestParams()` must have run. */
export function readParams(req: Request): Params {
  const params = paramsByRequest.get(req);
  if (!params) throw new Error('readParams: the requestParams() middleware is not mounted before this route');
  return params;
}

/** The request's merged params, or undefined when `requestParams()` did not read them (a 400 before it finished). */
export function paramsIfRead(req: Request): Params | undefined {
  return paramsByRequest.get(req);
}

function queryParams(req: Request, limits: ParamLimits): Params {
  const url = req.originalUrl || req.url;
  const queryStart = url.indexOf('?');
  return queryStart === -1 ? {} : parseParamString(url.slice(queryStart + 1), limits);
}

function bodyParams(req: Request, limits: ParamLimits): Params {
  const body: unknown = req.body;
  if (isRecord(body)) return body; // already parsed by a parser mounted earlier
  if (typeof body !== 'string' || body.trim() === '') return {};
  const mediaType = mediaTypeOf(req);
  if (mediaType === 'application/json' || mediaType.endsWith('+json')) return parseJsonBody(body, limits);
  if (mediaType === 'application/x-www-form-urlencoded') return parseParamString(body, limits);
  if (mediaType.startsWith('multipart/')) throw new ApiError(415, 'Multipart bodies are not supported; send JSON or a form body');
  // No (or a vague) Content-Type: clients of the original API send forms this way, sometimes JSON.
  return body.trimStart().startsWith('{') ? parseJsonBody(body, limits) : parseParamString(body, limits);
}

/**
 * A JSON body gets the depth limit form names have (`a[b][c]` and `{"a":{"b":{"c":..}}}` are both 2
 * levels): checked before anything walks it recursively (the idempotency fingerprint, the merge
 * with the query, the answer's JSON.stringify), which a body 6,000 levels deep turned into a 500.
 */
function parseJsonBody(body: string, limits: ParamLimits): Params {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    throw new ApiError(400, 'Request body is not valid JSON');
  }
  if (!isRecord(parsed)) throw new ApiError(400, 'Request body must be a JSON object');
  if (nestedDeeperThan(parsed, limits.maxDepth))
    throw new ApiError(400, `The JSON body is nested too deeply (at most ${limits.maxDepth} levels below the top object)`);
  return parsed;
}

function mediaTypeOf(req: Request): string {
  const header = req.headers['content-type'];
  if (!header) return '';
  const end = header.indexOf(';');
  return (end === -1 ? header : header.slice(0, end)).trim().toLowerCase();
}

/** body-parser's errors (http-errors with a `type`) become answers in the error shape. */
function bodyReadError(err: unknown, maxBodyBytes: number): ApiError {
  const { type, status, message } = err as { type?: string; status?: number; message?: string };
  if (type === 'entity.too.large') return new ApiError(413, `Request body is larger than ${formatBytes(maxBodyBytes)}`);
  if (status === 415) return new ApiError(415, message ?? 'Unsupported request body encoding');
  return new ApiError(400, 'Could not read the request body');
}

function formatBytes(bytes: number): string {
  return bytes % ONE_MEGABYTE === 0 ? `${bytes / ONE_MEGABYTE} MB` : `${bytes} bytes`;
}
