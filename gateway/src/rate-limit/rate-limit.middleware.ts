import type { Request, RequestHandler, Response } from 'express';
import { ApiError } from '../errors/api-error';
import type { LeakyBucket } from './leaky-bucket';

export interface RateLimitOptions {
  bucket: LeakyBucket;
  /**
   * The credential a request is counted against (`store:<id>`, `app:<id>:user:<id>`), or
   * undefined to not limit it. Prefer ids to raw keys: keys are secrets and end up in usage reports.
   */
  keyOf: (req: Request, res: Response) => string | undefined;
  now?: () => number;
}

/**
 * Counts each request against its credential's bucket; every counted response carries
 * `X-RateLimit-Limit`/`X-RateLimit-Remaining`, and an overflow becomes a 429 `RateLimited`
 * with `Retry-After`, rendered by the error middleware like every other error.
 */
export function rateLimit({ bucket, keyOf, now = Date.now }: RateLimitOptions): RequestHandler {
  return (req, res, next) => {
    const key = keyOf(req, res);
    if (key === undefined) return next();
    const result = bucket.take(key, now());
    res.setHeader('X-RateLimit-Limit', String(result.limit));
    res.setHeader('X-RateLimit-Remaining', String(result.remaining));
    if (result.allowed) return next();
    const seconds = result.retryAfterSeconds;
    next(
      new ApiError(429, `Rate limit exceeded, retry in ${seconds} second${seconds === 1 ? '' : 's'}`, {
        headers: { 'Retry-After': String(seconds) },
      }),
    );
  };
}
