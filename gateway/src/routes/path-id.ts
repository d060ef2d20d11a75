import type { Request } from 'express';
import { ApiError } from '../errors';

const POSITIVE_ID = /^[1-9]\d{0,15}$/;

/**
 * A record id from the path parameter `param`. Anything but a positive integer (`abc`, `0`, `-1`, `1.5`)
 * cannot name a record, so it answers the same 404 an unknown id does, not a 422 about the URL.
 */
export function pathId(req: Request, noun: string, param = 'id'): number {
  const text = req.params[param];
  const id = typeof text === 'string' && POSITIVE_ID.test(text) ? Number(text) : NaN;
  if (!Number.isSafeInteger(id)) throw new ApiError(404, `${noun} not found`);
  return id;
}
