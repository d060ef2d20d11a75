import type { RequestHandler, Response } from 'express';
import { ApiError } from '../errors';
import { clientAddressKey, type AuthFailureLimit } from '../rate-limit/auth-failure.limit';
import type { Authenticator } from './authenticator';
import { credentialFrom } from './credential';
import { InvalidTokenError } from './oauth-token.verifier';
import type { Credential, Principal } from './principal';

const UNAUTHENTICATED = 16;

/**
 * Every /v1 call needs a credential (spec §4 rule 1); the principal lands on `res.locals`. With
 * `failures`, failed authentication is limited per client address (rate-limit/auth-failure.limit.ts):
 * checked before the credential, counted when it fails.
 */
export function authenticate(authenticator: Authenticator, failures?: AuthFailureLimit): RequestHandler {
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
    if (address !== undefined) {
      const refused = failures!.reserve(address);
      if (refused) return next(refused);
    }
    return authenticator.authenticate(credential, res.locals.requestId as string).then(
      (principal) => {
        if (address !== undefined) failures!.release(address);
        res.locals.principal = principal;
        next();
      },
      (error: unknown) => {
        const answer = authenticationError(error, credential);
        // Only a refused credential counts; a backend that could not answer does not.
        if (address !== undefined && !(answer instanceof ApiError && answer.status === 401)) failures!.release(address);
        next(answer);
      },
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
