import type { RequestHandler, Response } from 'express';
import { ApiError } from '../errors';
import type { Authenticator } from './authenticator';
import { credentialFrom } from './credential';
import { InvalidTokenError } from './oauth-token.verifier';
import type { Credential, Principal } from './principal';

const UNAUTHENTICATED = 16;

/** Every /v1 call needs a credential (spec §4 rule 1); the principal lands on `res.locals`. */
export function authenticate(authenticator: Authenticator): RequestHandler {
  return (req, res, next) => {
    const credential = credentialFrom(req);
    if (!credential) throw new ApiError(401, 'Authentication required: send an API key or an OAuth access token');
    // A key seen before is answered without a promise: most requests never wait here.
    const known = authenticator.fromCache(credential);
    if (known) {
      res.locals.principal = known;
      return next();
    }
    return authenticator.authenticate(credential, res.locals.requestId as string).then(
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
