import type { Request, Response } from 'express';
import { ApiError } from '../errors/api-error';
import type { LeakyBucket } from './leaky-bucket';

/**
 * Failed authentication, limited per client address (issue 12, item 5): a leaky bucket of failures
 * per address (its own bucket, so its own key space), shared by replicas like the per-credential
 * one. A check that may fail reserves one failure first, so parallel guesses cannot outrun the
 * budget, and gives it back when the credential turns out good (or the check fails for another
 * reason, e.g. a backend down). While an address has no failure left, every request from it on
 * the limited paths answers 429, a credential the gateway already knows included: otherwise a
 * guesser could go on testing keys against that cache without limit. Clients at other addresses
 * are never affected; clients sharing the address (a NAT) are, while failures keep it empty.
 */
export class AuthFailureLimit {
  constructor(
    readonly bucket: LeakyBucket,
    private readonly now: () => number = Date.now,
  ) {}

  /** A 429 while `address` has no failure left; nothing is counted. One Map lookup: it runs on every /v1 request. */
  refused(address: string): ApiError | undefined {
    const state = this.bucket.peek(address, this.now());
    return state.allowed ? undefined : tooMany(state.retryAfterSeconds);
  }

  /** Before a check that may fail: reserves one failure, or a 429 when none is left. */
  reserve(address: string): ApiError | undefined {
    const taken = this.bucket.take(address, this.now());
    return taken.allowed ? undefined : tooMany(taken.retryAfterSeconds);
  }

  /** The reserved check did not fail on the credential: the failure is given back. */
  release(address: string): void {
    this.bucket.refund(address, this.now());
  }

  /**
   * For a request answered by what comes after (a route, the identity proxy): a 429 if the address
   * has no failure left; otherwise one is reserved and kept only if the answer's status is a failure.
   */
  guard(req: Request, res: Response, isFailure: (status: number) => boolean): ApiError | undefined {
    const address = clientAddressKey(req.socket.remoteAddress);
    const refused = this.reserve(address);
    if (refused) return refused;
    res.once('close', () => {
      if (!isFailure(res.statusCode)) this.release(address);
    });
    return undefined;
  }
}

function tooMany(retryAfterSeconds: number): ApiError {
  return new ApiError(
    429,
    `Too many failed authentications from this address, retry in ${retryAfterSeconds} second${retryAfterSeconds === 1 ? '' : 's'}`,
    {
      headers: { 'Retry-After': String(retryAfterSeconds) },
    },
  );
}

/**
 * The address failures are counted by: the socket's, as the gateway sees it (no X-Forwarded-For: a
 * client writes it as easily). IPv4 as it is (also when IPv4-mapped); IPv6 by its /64, which one
 * subscriber usually holds whole.
 */
export function clientAddressKey(address: string | undefined): string {
  if (!address) return '';
  if (address.indexOf(':') === -1) return address;
  if (address.startsWith('::ffff:') && address.indexOf('.') !== -1) return address.slice(7);
  const [head = '', tail] = address.split('%')[0].split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  const groups =
    tail === undefined
      ? headGroups
      : [...headGroups, ...Array<string>(Math.max(0, 8 - headGroups.length - tailGroups.length)).fill('0'), ...tailGroups];
  return `${groups
    .slice(0, 4)
    .map((group) => parseInt(group || '0', 16).toString(16))
    .join(':')}::/64`;
}
