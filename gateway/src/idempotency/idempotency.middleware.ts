import { createHash } from 'node:crypto';
import type { Request, RequestHandler, Response } from 'express';
import type { Logger } from '@commerce/observability';
import { principalOf } from '../auth/authenticate.middleware';
import { rateLimitKey } from '../auth/principal';
import { ApiError } from '../errors/api-error';
import { readParams } from '../http/input';
import type { IdempotencyRecords, StoredResponse } from './idempotency.store';

const HEADER = 'idempotency-key';
const REPLAYED_HEADER = 'Idempotent-Replayed';
const MAX_KEY_LENGTH = 255;
/** Headers a replay repeats; the rest (request id, rate limit) belong to the new request. */
const REPLAYED_HEADERS = ['content-type', 'link'];

export interface IdempotencyOptions {
  /** Whose keys these are; by default the caller's credential and store (store, or app, user and store). */
  scopeOf?: (req: Request, res: Response) => string;
  /** What the request does, for its fingerprint; by default its method and path. */
  operationOf?: (req: Request) => string;
  /**
   * Claims the key only once the route checked the credential (route() calls `answeredIdempotently`), so a replay,
   * a 409 or a 422 never answers a credential the route refuses (a token without the scope, a revoked one). /v1
   * does; the buyer checkout, which takes no credential, claims at once.
   */
  afterRouteChecks?: boolean;
}

const byCredential = (_req: Request, res: Response) => {
  const principal = principalOf(res);
  return principal.kind === 'api_key' ? rateLimitKey(principal) : `${rateLimitKey(principal)}:store:${principal.storeId}`;
};
const byMethodAndPath = (req: Request) => `${req.method} ${req.path}`;

/** Where the middleware leaves the claim for route() when it waits for the route's checks. */
const PENDING_CLAIM = 'idempotencyClaim';

/**
 * `Idempotency-Key` on POST (docs/api-conventions.md#retrying-a-post-safely-idempotency-key): the first request
 * with a key runs and its answer is kept for 24 h; a retry with the same key and parameters gets that answer again
 * (with `Idempotent-Replayed: true`) instead of a second write. The same key with other parameters is a 422, and a
 * retry while the first is still running a 409. Keys are per caller and store (checkout's per store, see
 * `options`). A 5xx answer is not kept, so a retry after an outage runs again.
 */
export function idempotency(store: IdempotencyRecords, logger: Logger, options: IdempotencyOptions = {}): RequestHandler {
  const scopeOf = options.scopeOf ?? byCredential;
  const operationOf = options.operationOf ?? byMethodAndPath;
  /** Claims the key, or answers the request (a replay; a 409 or 422 thrown): true when it answered. */
  const claim = async (req: Request, res: Response, idempotencyKey: string): Promise<boolean> => {
    const key = sha256(`${scopeOf(req, res)}\n${idempotencyKey}`);
    const fingerprint = sha256(`${operationOf(req)}\n${canonicalJson(readParams(req))}`);
    const outcome = await store.begin(key, fingerprint).catch(() => {
      throw new ApiError(503, 'Idempotency records are unavailable; retry later', { errorType: 'ServiceUnavailable' });
    });
    switch (outcome.kind) {
      case 'replay':
        replay(res, outcome.response);
        return true;
      case 'in_progress':
        throw new ApiError(409, 'A request with this Idempotency-Key is still in progress');
      case 'mismatch':
        throw new ApiError(422, 'This Idempotency-Key was already used with other parameters', { errorType: 'ValidationError' });
      case 'started':
        recordAnswer(res, (response) =>
          (response.status >= 500 ? store.abandon(key) : store.finish(key, outcome.revision, fingerprint, response)).catch(
            (error: unknown) => logger.warn({ err: error, request_id: res.locals.requestId }, 'could not record the idempotent answer'),
          ),
        );
        return false;
    }
  };
  return async (req, res, next) => {
    if (req.method !== 'POST' || req.headers[HEADER] === undefined) return next();
    try {
      const idempotencyKey = idempotencyKeyOf(req);
      if (idempotencyKey === undefined) return next();
      if (options.afterRouteChecks) {
        res.locals[PENDING_CLAIM] = () => claim(req, res, idempotencyKey);
        return next();
      }
      if (!(await claim(req, res, idempotencyKey))) next();
    } catch (error) {
      next(error);
    }
  };
}

/**
 * Called by route() once the credential passed the route's checks: claims the request's `Idempotency-Key`, if the
 * middleware left one. True when the request was answered (a replay); a 409 or 422 is thrown.
 */
export async function answeredIdempotently(res: Response): Promise<boolean> {
  const claim = res.locals[PENDING_CLAIM] as (() => Promise<boolean>) | undefined;
  if (!claim) return false;
  res.locals[PENDING_CLAIM] = undefined;
  return claim();
}

/** The request's `Idempotency-Key`, if it sent one; a 400 when it is not 1 to 255 visible ASCII characters. */
export function idempotencyKeyOf(req: Request): string | undefined {
  const raw = req.headers[HEADER];
  if (raw === undefined) return undefined;
  const idempotencyKey = Array.isArray(raw) ? raw[0] : raw;
  if (!idempotencyKey || idempotencyKey.length > MAX_KEY_LENGTH || !/^[\x21-\x7e]+$/.test(idempotencyKey)) {
    throw new ApiError(400, `Idempotency-Key must be 1 to ${MAX_KEY_LENGTH} visible ASCII characters`);
  }
  return idempotencyKey;
}

function replay(res: Response, response: StoredResponse): void {
  res.statusCode = response.status;
  for (const [name, value] of Object.entries(response.headers)) res.setHeader(name, value);
  res.setHeader(REPLAYED_HEADER, 'true');
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('Content-Length', Buffer.byteLength(response.body));
  res.end(response.body);
}

/** Captures the body the handler writes (the gateway writes JSON in one `end`) and hands it over once sent. */
function recordAnswer(res: Response, onAnswer: (response: StoredResponse) => void): void {
  const chunks: Buffer[] = [];
  const originalWrite = res.write.bind(res) as (...args: unknown[]) => boolean;
  const originalEnd = res.end.bind(res) as (...args: unknown[]) => Response;
  const keep = (chunk: unknown) => {
    if (typeof chunk === 'string') chunks.push(Buffer.from(chunk));
    else if (chunk instanceof Uint8Array) chunks.push(Buffer.from(chunk));
  };
  res.write = ((chunk: unknown, ...rest: unknown[]) => {
    keep(chunk);
    return originalWrite(chunk, ...rest);
  }) as Response['write'];
  res.end = ((chunk?: unknown, ...rest: unknown[]) => {
    if (typeof chunk !== 'function') keep(chunk);
    return originalEnd(chunk, ...rest);
  }) as Response['end'];
  res.once('finish', () => {
    const headers: Record<string, string> = {};
    for (const name of REPLAYED_HEADERS) {
      const value = res.getHeader(name);
      if (value !== undefined) headers[name] = String(value);
    }
    onAnswer({ status: res.statusCode, headers, body: Buffer.concat(chunks).toString('utf8') });
  });
}

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** A piece of output already written out (a bracket, a comma, a quoted key), as opposed to a value still to write. */
class Written {
  constructor(readonly text: string) {}
}

/**
 * JSON with object keys sorted, so the same parameters sent in another order or style fingerprint
 * the same. Its own stack, no recursion: however deep the value, no RangeError (a 500) here.
 */
export function canonicalJson(root: unknown): string {
  let out = '';
  // Popped from the end: each container pushes its closing bracket first, its first element last.
  const pending: unknown[] = [root];
  while (pending.length > 0) {
    const item = pending.pop();
    if (item instanceof Written) {
      out += item.text;
    } else if (Array.isArray(item)) {
      pending.push(CLOSE_LIST);
      for (let index = item.length - 1; index >= 0; index--) {
        pending.push(item[index]);
        if (index > 0) pending.push(COMMA);
      }
      out += '[';
    } else if (item && typeof item === 'object') {
      const record = item as Record<string, unknown>;
      const keys = Object.keys(record).sort();
      pending.push(CLOSE_OBJECT);
      for (let index = keys.length - 1; index >= 0; index--) {
        pending.push(record[keys[index]], new Written(`${index > 0 ? ',' : ''}${JSON.stringify(keys[index])}:`));
      }
      out += '{';
    } else {
      out += JSON.stringify(item) ?? 'null';
    }
  }
  return out;
}

const COMMA = new Written(',');
const CLOSE_LIST = new Written(']');
const CLOSE_OBJECT = new Written('}');
