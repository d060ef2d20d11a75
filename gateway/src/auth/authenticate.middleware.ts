import type { RequestHandler, Response } from 'express';
import { ApiError } from '../errors';
import type { Authenticator } from './authenticator';
import { credentialFrom } from './credential';
import { InvalidTokenError } from './oauth-token.verifier';
import type { Principal } from './principal';

const UNAUTHENTICATED = 16;

/** Every /v1 call needs a credential (spec §4 rule 1); the principal lands on `res.locals`. */
export function authenticate(authenticator: Authenticator): RequestHandler {
  return async (req, res, next) => {
    const credential = credentialFrom(req);
    if (!credential) throw new ApiError(401, 'Authentication required: send an API key or an OAuth access token');
    try {
      res.locals.principal = await authenticator.authenticate(credential, res.locals.requestId as string);
    } catch (error) {
      if (error instanceof InvalidTokenError) throw new ApiError(401, error.message);
      if ((error as { code?: number }).code === UNAUTHENTICATED) {
        throw new ApiError(401, credential.kind === 'api_key' ? 'API Key is invalid' : 'Access token is invalid or expired');
      }
      throw error;
    }
    next();
  };
}

export function principalOf(res: Response): Principal {
  return res.locals.principal as Principal;
}
