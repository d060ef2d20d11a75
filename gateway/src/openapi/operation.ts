import type { Request, RequestHandler, Response } from 'express';
import type { z } from 'zod';
import type { Scope } from '../auth/scopes';
import { parseInput } from '../http/coerce';
import { noteInputSchema } from '../http/ignored-params';
import { readParams } from '../http/input';
import { route, type RouteContext } from '../routes/route';

/**
 * What the OpenAPI document says of one operation. It travels on the very handler Express runs, so the
 * document is built from the routes the app registered (their method and path taken from the router, never
 * written twice) and `input` is the schema the handler's `input()` parses with.
 */
export interface OperationDoc<S extends z.ZodType | undefined = z.ZodType | undefined> {
  /** One line, shown beside the method and path. */
  summary: string;
  description?: string;
  /** The group the docs page lists it under (Products, Orders, ...). */
  tag: string;
  /** The zod schema of its parameters (query string on GET and DELETE, body or query on POST and PUT). */
  input?: S;
  /** The zod schema of the whole success body (`{data, meta, ...}`): answers.ts builds them. */
  answer: z.ZodType;
  /** The success body's media type when it is not JSON (`text/event-stream` for the live event stream). */
  answerMediaType?: string;
  /**
   * The credential it takes: `store` (API key or token with the route's scope), `user` (an OAuth token only, with `user` or
   * the route's `scope`: the account calls' `account`), or none.
   */
  auth: 'store' | 'user' | 'none';
  /** Error statuses beyond those every operation of its kind may answer (409 for a state change, 402 ...). */
  errors?: readonly number[];
  /** A POST that honours `Idempotency-Key` (docs/api-conventions.md); by default those taking a credential do. */
  idempotencyKey?: boolean;
  /** Answers of a status whose body is not the error body (GET /healthz's 503). */
  otherAnswers?: Readonly<Record<number, { description: string; body: z.ZodType }>>;
  /** The request body's OpenAPI object when it is not the input's JSON or form (a photo upload's multipart or raw image). */
  requestBody?: Readonly<Record<string, unknown>>;
  /** The OAuth scope when it is not the method's default (store_read for GET, store_write otherwise). */
  scope?: Scope;
}

const OPERATION = Symbol.for('commerce.gateway.openapi.operation');

type Documented = { [OPERATION]?: OperationDoc };

/** Attaches `doc` to a handler without changing what it does (routes that do not go through `route()`). */
export function documented<H extends RequestHandler>(doc: OperationDoc, handler: H): H {
  (handler as Documented)[OPERATION] = doc;
  return handler;
}

/** The doc attached to a handler, if any. */
export function operationDocOf(handler: unknown): OperationDoc | undefined {
  return typeof handler === 'function' ? (handler as Documented)[OPERATION] : undefined;
}

/** RouteContext plus `input()`: the request's params parsed with the operation's schema (a 422 when they do not fit). */
export type OperationContext<S extends z.ZodType | undefined> = RouteContext & {
  input: () => S extends z.ZodType ? z.output<S> : undefined;
};

/**
 * `route()` with its doc: the scope and store checks of route(), then the handler, which reads its input with
 * `input()` when it wants (after its path ids, so an unknown id stays a 404 before a bad field is a 422).
 */
export function operation<S extends z.ZodType | undefined = undefined>(
  doc: OperationDoc<S>,
  handler: (req: Request, res: Response, context: OperationContext<S>) => Promise<void>,
) {
  const schema = doc.input;
  const handle = route(
    (req, res, context) => {
      noteInputSchema(res, schema);
      const input = (() => (schema ? parseInput(schema, readParams(req)) : undefined)) as OperationContext<S>['input'];
      return handler(req, res, { ...context, input });
    },
    { scope: doc.scope ?? (doc.auth === 'user' ? 'user' : undefined), needsStore: doc.auth !== 'user' },
  );
  return documented(doc as OperationDoc, handle);
}
