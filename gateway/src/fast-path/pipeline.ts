import type { NextFunction, Request, RequestHandler, Response } from 'express';

/**
 * Runs middlewares in order as ONE Express layer. Every layer Express walks costs a path match and
 * a `next` hop per request; the steps every API call takes (authenticate, rate-limit, params,
 * idempotency) need neither. A step passes on with `next()`, stops the chain by answering, or
 * fails with `next(error)`, a throw or a rejected promise, exactly as it would as its own layer.
 * An undefined step (one not configured) is left out. Its figure: README.md in this folder.
 */
export function pipeline(...optionalSteps: Array<RequestHandler | undefined>): RequestHandler {
  const steps = optionalSteps.filter((step): step is RequestHandler => step !== undefined);
  if (steps.length === 1) return steps[0];
  return (req: Request, res: Response, done: NextFunction) => {
    let index = 0;
    const next: NextFunction = (error?: unknown) => {
      // `next('route')`/`next('router')` belong to Express: hand them over as they are.
      if (error !== undefined || index === steps.length) return done(error);
      const step = steps[index++];
      try {
        const result: unknown = step(req, res, next);
        if (result instanceof Promise) result.catch((rejection: unknown) => done(rejection ?? new Error('Rejected promise')));
      } catch (thrown) {
        done(thrown ?? new Error('Thrown undefined'));
      }
    };
    next();
  };
}
