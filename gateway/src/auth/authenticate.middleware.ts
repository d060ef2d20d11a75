import type { RequestHandler, Response } from 'express';
import { ApiError } from '../errors';
import { clientAddressKey, type AuthFailureLimit } from '../rate-limit/auth-failure.limit';
import type { Authenticator } from './authenticator';
import { credentialFrom } from './credential';
import { InvalidTokenError } from './oauth-token.verifier';
import type { Credential, Principal } from './principal';

const UNAUTHENTICATED = 16;

/**
 * Every /v1 call needs a credential (docs/api-conventions.md#credentials); the principal lands on `res.locals`. With
 * `failures`, failed authentication is limited per client address (rate-limit/auth-failure.limit.ts):
 * checked before the credential, counted when it fails.
 */
export function authenticate(authenticator: Authenticator, failures?: AuthFailureLimit): RequestHandler {
  // Checks in flight, by credential: requests carrying the same one wait for one check and spend at most one
  // reserved failure (a client with 32 calls in flight on one key is not 32 guesses; a guesser varies the key).
  const checking = new Map<string, Promise<Principal>>();
  const check = (credential: Credential, address: string | undefined, requestId: string): Promise<Principal> | ApiError => {
    const id = `${credential.kind}:${credential.value}`;
    const pending = checking.get(id);
    if (pending) return pending;
    const refused = address !== undefined ? failures!.reserve(address) : undefined;
    if (refused) return refused;
    const started = authenticator.authenticate(credential, requestId);
    checking.set(id, started);
    started.then(
      () => address !== undefined && failures!.release(address),
      (error: unknown) => {
        // Only a refused credential counts; a backend that could not answer does not.
        const answer = authenticationError(error, credential);
        if (address !== undefined && !(answer instanceof ApiError && answer.status === 401)) failures!.release(address);
      },
    );
    void started.catch(() => undefined).finally(() => checking.delete(id));
    return started;
  };
  return (req, res, next) => {
    const address = failures && clientAddressKey(req.socket.remoteAddress);
    if (address !== undefined) {
      const refused = failures!.refused(address);
      if (refused) return next(refused);
    }
    const credential = credentialFrom(req);
    if (!credential) {
      const missing = new ApiError(401, 'Authentication required: send an API key or an OAuth access token');
      return next((address !== undefined && failures!.reserve(address)) || missing);
    }
    // A key seen before is answered without a promise: most requests never wait here.
    const known = authenticator.fromCache(credential);
    if (known) {
      res.locals.principal = known;
      return next();
    }
    const checked = check(credential, address, res.locals.requestId as string);
    if (checked instanceof ApiError) return next(checked);
    return checked.then(
      (principal) => {
        res.locals.principal = principal;
        next();
      },
      (error: unknown) => next(authenticationError(error, credential)),
    );
  };
}

function authenticationError(error: unknown, credential: Credential): unknown {
  if (error instanceof InvalidTokenError) return new ApiError(401, error.message);
  if ((error as { code?: number }).code === UNAUTHENTICATED) {
    return new ApiError(401, credential.kind === 'api_key' ? 'API Key is invalid' : 'Access token is invalid or expired');
  }
  return error;
}

export function principalOf(res: Response): Principal {
  return res.locals.principal as Principal;
}
