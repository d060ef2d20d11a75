// Promise-based clients over the generated grpc-js client classes: one shared channel per address,
// a deadline on every call, request id and principal forwarded, failures thrown as RemoteError.
import {
  credentials,
  type CallOptions as GrpcCallOptions,
  type ChannelCredentials,
  type Client,
  type ClientOptions,
  type ClientUnaryCall,
  type Metadata,
  type ServiceDefinition,
  type ServiceError,
} from '@grpc/grpc-js';
import { writeCallMetadata, type Principal } from './call.context';
import { channelFor } from './channel.options';
import { fromServiceError } from './status.mapping';

export interface CallOptions {
  requestId?: string;
  principal?: Principal;
  /** Relative deadline; defaults to the client's `deadlineMs`. */
  deadlineMs?: number;
  /** Absolute deadline (epoch ms) inherited from an incoming call; the earlier of the two wins. */
  deadline?: number;
}

export interface ClientFactoryOptions {
  /** Deadline of every call that does not set its own; default 5000. */
  deadlineMs?: number;
  /** Messages larger than the platform's 8 MB, both ways (MEDIA_MESSAGE_BYTES for the media client); a channel of its own. */
  maxMessageBytes?: number;
}

/** The generated `XServiceClient` constructor (ts-proto outputServices=grpc-js). */
export interface ClientConstructor<C extends Client> {
  new (address: string, channelCredentials: ChannelCredentials, options?: Partial<ClientOptions>): C;
  service: ServiceDefinition;
}

const NO_OPTIONS: CallOptions = Object.freeze({});

// Inferred from the generated (request, metadata, options, callback) overload, the last one declared.
type UnaryCallSignature<Req, Res> = (
  request: Req,
  metadata: Metadata,
  options: Partial<GrpcCallOptions>,
  callback: (error: ServiceError | null, response: Res) => void,
) => ClientUnaryCall;

export type RemoteMethod<F> =
  F extends UnaryCallSignature<infer Req, infer Res> ? (request: Req, options?: CallOptions) => Promise<Res> : never;

/** `client.getStore(request, options)` for every unary RPC of the generated client class. */
export type ServiceClient<C> = {
  readonly [K in keyof C as K extends string ? (C[K] extends UnaryCallSignature<never, unknown> ? K : never) : never]: RemoteMethod<C[K]>;
};

export function createClient<C extends Client>(
  Ctor: ClientConstructor<C>,
  address: string,
  options: ClientFactoryOptions = {},
): ServiceClient<C> {
  const client = new Ctor(address, credentials.createInsecure(), { channelOverride: channelFor(address, options.maxMessageBytes) });
  const defaultDeadlineMs = options.deadlineMs ?? 5000;
  const remote: Record<string, unknown> = {};
  for (const [name, method] of Object.entries(Ctor.service)) {
    const { path, requestSerialize, responseDeserialize } = method;
    remote[name] = (request: unknown, callOptions: CallOptions = NO_OPTIONS) =>
      new Promise((resolve, reject) => {
        const relative = Date.now() + (callOptions.deadlineMs ?? defaultDeadlineMs);
        const deadline = callOptions.deadline !== undefined && callOptions.deadline < relative ? callOptions.deadline : relative;
        const metadata = writeCallMetadata(callOptions.requestId, callOptions.principal);
        // grpc-js captures a stack trace on every call only to decorate its error messages; ours
        // become RemoteErrors carrying the remote status, so skip the capture (~3% of a gateway request).
        const stackTraceLimit = Error.stackTraceLimit;
        Error.stackTraceLimit = 0;
        try {
          client.makeUnaryRequest(path, requestSerialize, responseDeserialize, request, metadata, { deadline }, (err, response) =>
            err ? reject(fromServiceError(err)) : resolve(response),
          );
        } finally {
          Error.stackTraceLimit = stackTraceLimit;
        }
      });
  }
  return remote as ServiceClient<C>;
}
