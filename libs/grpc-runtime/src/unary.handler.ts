// Promise-based handlers for generated services: errors go through the one status mapping, and the
// handler types make the compiler refuse a service that misses, misspells or mistypes an RPC.
import { status, type MethodDefinition, type ServiceDefinition, type handleUnaryCall } from '@grpc/grpc-js';
import { readCallContext, type CallContext } from './call.context';
import { stderrLogger, type Logger } from './logger.port';
import { toServiceError } from './status.mapping';

export type UnaryHandler<Req, Res> = (request: Req, context: CallContext) => Promise<Res>;

/** Told of every answered call: its path (`/pkg.Service/Method`), status code and duration in seconds (metrics). */
export type CallObserver = (path: string, code: number, seconds: number) => void;

export interface HandlerOptions {
  /** Receives errors that are not domain errors (sent as INTERNAL); defaults to JSON lines on stderr. */
  logger?: Logger;
  observe?: CallObserver;
}

// Request/response types come from the generated definition's (de)serializers, the one runtime truth.
export type RequestOf<M> = M extends MethodDefinition<infer Req, infer _Res> ? Req : never;
export type ResponseOf<M> = M extends MethodDefinition<infer _Req, infer Res> ? Res : never;
type IsUnary<M> = M extends { requestStream: false; responseStream: false } ? true : false;

/** Any handler set, as a server holds it before it knows the service. */
export type AnyHandlers = Record<string, UnaryHandler<never, unknown>>;

/** One handler per RPC of the generated definition (`storefront.StoreServiceService`): all required, no extras. */
export type ServiceHandlers<D> = string extends keyof D
  ? AnyHandlers
  : { -readonly [K in keyof D]: IsUnary<D[K]> extends true ? UnaryHandler<RequestOf<D[K]>, ResponseOf<D[K]>> : never };

/** Some RPCs of a service, for a file that handles one area of it (spread into the full map given to `implement`). */
export type HandlersOf<D, K extends keyof ServiceHandlers<D>> = Pick<ServiceHandlers<D>, K>;

/** What grpc-js receives; assignable to the generated `XServiceServer` interface. */
export type GrpcImplementation<D> = { [K in keyof D]: handleUnaryCall<RequestOf<D[K]>, ResponseOf<D[K]>> };

/** A service ready for startGrpcServer: a generated definition and its promise-based handlers. */
export interface ServiceBinding {
  definition: ServiceDefinition;
  implementation: AnyHandlers;
}

/** The same, still knowing which service it is (a separate type: a generic default would be invariant). */
export interface ServiceBindingOf<D extends ServiceDefinition> {
  definition: D;
  implementation: ServiceHandlers<D>;
}

/** Binds handlers to a definition, checked RPC by RPC at compile time. */
export function implement<D extends ServiceDefinition>(definition: D, handlers: ServiceHandlers<D>): ServiceBindingOf<D> {
  return { definition, implementation: handlers };
}

/** A promise-based handler → a grpc-js unary handler: context from metadata, errors mapped to statuses. */
export function unary<Req, Res>(handler: UnaryHandler<Req, Res>, options: HandlerOptions = {}): handleUnaryCall<Req, Res> {
  const logger = options.logger ?? stderrLogger;
  const observe = options.observe;
  return (call, originalCallback) => {
    const started = observe && performance.now();
    const callback: typeof originalCallback = observe
      ? (error, response) => {
          observe(call.getPath(), error ? (error.code ?? status.UNKNOWN) : status.OK, (performance.now() - started!) / 1000);
          originalCallback(error, response);
        }
      : originalCallback;
    let context: CallContext;
    let pending: Promise<Res>;
    try {
      context = readCallContext(call.metadata, call.getDeadline());
      pending = handler(call.request, context);
    } catch (err) {
      callback(toServiceError(err, logger, { method: call.getPath() }));
      return;
    }
    pending.then(
      (response) => callback(null, response),
      (err: unknown) => callback(toServiceError(err, logger, { method: call.getPath(), request_id: context.requestId })),
    );
  };
}

/** Wraps every handler of a binding with `unary`; fails fast when the definition has an RPC without one. */
export function toGrpcImplementation<D extends ServiceDefinition>(
  binding: ServiceBindingOf<D>,
  options: HandlerOptions = {},
): GrpcImplementation<D> {
  const handlers = binding.implementation as AnyHandlers;
  const implementation: Record<string, handleUnaryCall<never, unknown>> = {};
  for (const [name, method] of Object.entries(binding.definition)) {
    const handler = handlers[name];
    if (typeof handler !== 'function') throw new Error(`No handler for ${method.path}`);
    if (method.requestStream || method.responseStream) throw new Error(`Streaming RPC ${method.path} is not supported`);
    implementation[name] = unary(handler, options);
  }
  return implementation as GrpcImplementation<D>;
}
