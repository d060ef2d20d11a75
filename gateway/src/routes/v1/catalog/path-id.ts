import type { Request } from 'express';
import { ApiError } from '../../../errors';

const POSITIVE_ID = /^[1-9]\d{0,15}$/;

/**
 * A record id from the path. Anything but a positive integer (`abc`, `0`, `1.5`) cannot name a
 * record, so it answers the same 404 an unknown id does rather than a 422 about the URL.
 */
export function pathId(req: Request, name: string): number {
  const text = req.params[name];
  const id = typeof text === 'string' && POSITIVE_ID.test(text) ? Number(text) : NaN;
  if (!Number.isSafeInteger(id)) throw new ApiError(404, 'Not found');
  return id;
}
