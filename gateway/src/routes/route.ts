import type { Request, Response } from 'express';
import type { CallOptions } from '@commerce/grpc-runtime';
import { principalOf } from '../auth/authenticate.middleware';
import type { Principal } from '../auth/principal';
import { missingScope, requiredScope, type Scope } from '../auth/scopes';
import { ApiError } from '../errors';
import { answeredIdempotently } from '../idempotency/idempotency.middleware';

export interface RouteContext {
  principal: Principal;
  /** The store the call acts on: the key's store, or the OAuth user's store. */
  storeId: number;
  /** Request id and principal, forwarded to the backend as metadata. */
  call: CallOptions;
}

export interface RouteOptions {
  /** Defaults to store_read for GET, store_write otherwise (docs/oauth.md#scopes). */
  scope?: Scope;
  /** Most calls act on a store; /v1/me and POST /v1/stores do not. */
  needsStore?: boolean;
}

/** A call that acts on a store, by a user who has none yet (a 405, as the original API answered). */
export const storeRequired = () => new ApiError(405, 'This API call requires a store. Create one with POST /v1/stores');

/** Checks scope and store for a route, then hands the handler what it needs to call one backend. */
export function route(handler: (req: Request, res: Response, context: RouteContext) => Promise<void>, options: RouteOptions = {}) {
  return async (req: Request, res: Response): Promise<void> => {
    const principal = principalOf(res);
    const scope = missingScope(principal, requiredScope(req.method, options.scope));
    if (scope)
      throw new ApiError(403, `This call requires the ${scope} scope, which the user has not granted to this app`, {
        errorType: 'InsufficientScope',
      });
    if ((options.needsStore ?? true) && !principal.storeId) throw storeRequired();
    if (await answeredIdempotently(res)) return; // a replay only for a credential the checks above let through
    const requestId = res.locals.requestId as string;
    const call: CallOptions = { requestId, principal: principalMetadata(principal) };
    await handler(req, res, { principal, storeId: principal.storeId, call });
  };
}

function principalMetadata(principal: Principal): Record<string, unknown> {
  return principal.kind === 'api_key'
    ? { kind: 'api_key', store_id: principal.storeId }
    : { kind: 'oauth', user_id: principal.userId, store_id: principal.storeId, client_id: principal.clientId };
}
