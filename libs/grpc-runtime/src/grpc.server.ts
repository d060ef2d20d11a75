// One way to run a gRPC server: the service bindings, the standard health service, server reflection,
// and a shutdown that reports NOT_SERVING, drains, then forces.
import { Server, ServerCredentials, type ServiceDefinition, type UntypedServiceImplementation } from '@grpc/grpc-js';
import { ReflectionService } from '@grpc/reflection';
import { HealthImplementation, protoPath as healthProtoPath } from 'grpc-health-check';
import type { Logger } from './logger.port';
import { loadProtoPackage, protoFilesOf } from './proto.files';
import { MESSAGE_SIZE_OPTIONS } from './channel.options';
import { toGrpcImplementation, type CallObserver, type ServiceBinding, type ServiceBindingOf } from './unary.handler';

export interface GrpcServerOptions {
  /** 0 picks a free port. */
  port: number;
  /** Default '0.0.0.0'; tests use '127.0.0.1'. */
  host?: string;
  /** Promise-based handlers per service (see `implement`); errors are logged through `logger`. */
  services: ServiceBinding[];
  logger: Logger;
  /** For reflection, relative to protoRoot(); default (or empty): every .proto in each service's package directory. */
  protoFiles?: string[];
  /** Names reported SERVING besides ''; default: each service's fully-qualified name. */
  serviceNames?: string[];
  /** How long NOT_SERVING is visible before the server stops taking calls; default 0. */
  drainMs?: number;
  /** How long in-flight calls may finish before they are cancelled; default 5000. */
  shutdownTimeoutMs?: number;
  /** Told of every answered call (metrics). */
  observeCall?: CallObserver;
  /** How long a client's connection lives before the server asks it to reconnect (calls in flight finish); default 5 min. */
  connectionAgeMs?: number;
  /** The largest message either way, past the platform's MAX_MESSAGE_BYTES (media's uploads); default that. */
  maxMessageBytes?: number;
}

export interface RunningGrpcServer {
  port: number;
  /** host:port a client on this machine can dial. */
  address: string;
  server: Server;
  health: HealthImplementation;
  /** Idempotent. */
  shutdown(): Promise<void>;
}

export async function startGrpcServer(options: GrpcServerOptions): Promise<RunningGrpcServer> {
  const { logger, services, host = '0.0.0.0' } = options;
  const server = new Server({
    ...MESSAGE_SIZE_OPTIONS,
    ...(options.maxMessageBytes
      ? { 'grpc.max_receive_message_length': options.maxMessageBytes, 'grpc.max_send_message_length': options.maxMessageBytes }
      : {}),
    // Callers reconnect every few minutes (calls in flight finish first), so one resolving a name to several
    // servers (dns:///...) finds the replicas started since, instead of keeping the ones it first saw.
    'grpc.max_connection_age_ms': options.connectionAgeMs ?? 5 * 60_000,
    'grpc.max_connection_age_grace_ms': 60_000,
  });
  for (const binding of services) {
    server.addService(
      binding.definition,
      toGrpcImplementation(binding as ServiceBindingOf<ServiceDefinition>, {
        logger,
        observe: options.observeCall,
      }) as UntypedServiceImplementation,
    );
  }

  const serviceNames = options.serviceNames ?? services.map(({ definition }) => serviceNameOf(definition));
  const health = new HealthImplementation(Object.fromEntries(['', ...serviceNames].map((name) => [name, 'SERVING' as const])));
  health.addToServer(server);
  addReflection(server, options.protoFiles?.length ? options.protoFiles : serviceNames.flatMap((name) => protoFilesOf(name)));

  const port = await bind(server, hostPort(host, options.port));
  const dialHost = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;
  logger.info({ port, services: serviceNames }, 'gRPC server listening');

  let stopped: Promise<void> | undefined;
  const shutdown = () => (stopped ??= stop(server, health, ['', ...serviceNames], options, logger));
  return { port, address: hostPort(dialHost, port), server, health, shutdown };
}

const hostPort = (host: string, port: number): string => (host.includes(':') ? `[${host}]:${port}` : `${host}:${port}`);

/** Fully-qualified service name from a generated definition: `/pkg.Service/Method` → `pkg.Service`. */
export function serviceNameOf(definition: ServiceDefinition): string {
  const [firstMethod] = Object.values(definition);
  if (!firstMethod) throw new Error('A service definition without methods has no name');
  return firstMethod.path.slice(1, firstMethod.path.lastIndexOf('/'));
}

// Always on: a server with no domain service yet still describes its health service.
function addReflection(server: Server, protoFiles: string[]): void {
  new ReflectionService(loadProtoPackage([...protoFiles, healthProtoPath])).addToServer(server);
}

function bind(server: Server, address: string): Promise<number> {
  return new Promise((resolve, reject) => {
    server.bindAsync(address, ServerCredentials.createInsecure(), (err, port) => (err ? reject(err) : resolve(port)));
  });
}

async function stop(
  server: Server,
  health: HealthImplementation,
  names: string[],
  options: GrpcServerOptions,
  logger: Logger,
): Promise<void> {
  for (const name of names) health.setStatus(name, 'NOT_SERVING');
  if (options.drainMs) await new Promise((resolve) => setTimeout(resolve, options.drainMs));
  const graceful = await new Promise<boolean>((resolve) => {
    const timer = setTimeout(() => resolve(false), options.shutdownTimeoutMs ?? 5000);
    server.tryShutdown(() => {
      clearTimeout(timer);
      resolve(true);
    });
  });
  if (!graceful) {
    logger.warn({}, 'gRPC server shutdown timed out: cancelling in-flight calls');
    server.forceShutdown();
  }
  logger.info({}, 'gRPC server stopped');
}
