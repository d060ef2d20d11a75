import { connect, type NatsConnection } from 'nats';
import {
  DEAD_EVENTS_COLLECTION,
  ensureStream,
  flagPendingOutboxes,
  OutboxCollection,
  OutboxRelay,
  type OutboxDocument,
} from '@commerce/events';
import { startGrpcServer, type RunningGrpcServer, type ServiceBinding } from '@commerce/grpc-runtime';
import {
  createLogger,
  loadMetrics,
  type GrpcServerMetrics,
  type Logger,
  type Metrics,
  type MetricsServer,
  type Registry,
} from '@commerce/observability';
import { databaseOptionsFrom, openDatabase, type Collection, type Database, type Doc } from '@commerce/persistence';
import { stopTracing } from '@commerce/tracing';
import type { BackgroundTask } from './background-task';
import { registerHostMetrics } from './host-metrics';
import { runMigrations, type Migration } from './migrations';
import { notifyReady, type ReadyDetails } from './ready-notice';

/** What every service's config carries (see `serviceConfigSchema`). */
export interface HostConfig {
  SERVICE_NAME: string;
  GRPC_HOST: string;
  GRPC_PORT: number;
  DATA_DIR: string;
  MONGO_URL?: string;
  MONGO_DB_PREFIX: string;
  NATS_URL: string;
  LOG_LEVEL: string;
  /** JSON lines unless 'pretty' (serviceConfigSchema defaults it). */
  LOG_FORMAT?: 'json' | 'pretty';
  /** Serves Prometheus metrics at `http://METRICS_HOST:METRICS_PORT/metrics` when set. */
  METRICS_PORT?: number;
  METRICS_HOST?: string;
}

const openHosts = new Set<ServiceHost>();

/** A started service: its host, where to dial it, where else it listens (`urls`: `run` sends them to the launcher), and how to stop it. */
export interface RunningService extends ReadyDetails {
  host: ServiceHost;
  /** host:port a client on this machine can dial. */
  address: string;
  /** Stops taking calls, publishes what is pending, closes the bus and the data. */
  stop(): Promise<void>;
}

/** What a service wires on an open host: its gRPC bindings, the .proto files reflection serves, and what runs beside them. */
export interface ServiceWiring {
  services: ServiceBinding[];
  protoFiles: string[];
  /** The service's one-time data migrations (scope `service`), run before the relay starts, each once per database. */
  migrations?: readonly Migration[];
  /** Started once gRPC serves; stopped, last first, before the relay and the data close. */
  background?: readonly BackgroundTask[];
  /**
   * Called as shutdown begins, before the gRPC server stops taking calls: ends calls that wait (a long poll), which
   * the server would otherwise wait on before it stops.
   */
  beforeStop?: () => void;
  /** The largest gRPC message the service takes or sends, when it needs more than the platform's (media's uploads). */
  maxMessageBytes?: number;
}

/**
 * The platform's own migrations (scope `host`), run before the service's. Never renumber one that shipped.
 * 1: documents whose outbox was written before the `outbox_pending` flag existed get the flag (one full read).
 */
function hostMigrations(outboxCollections: Collection<OutboxDocument>[]): Migration[] {
  return [
    {
      id: 1,
      name: 'flag documents whose outbox holds events written before the outbox_pending flag existed',
      run: async () => {
        for (const collection of outboxCollections) await flagPendingOutboxes(collection);
      },
    },
  ];
}

/**
 * The part every service shares: logger, its own database, the bus and its event stream, the outbox
 * relay and the gRPC server, started in that order and stopped in reverse.
 */
export class ServiceHost {
  private readonly outboxCollections: Collection<OutboxDocument>[] = [];
  private readonly backgroundStops: Array<() => Promise<void>> = [];
  private relay?: OutboxRelay;
  private grpc?: RunningGrpcServer;
  private metricsServer?: MetricsServer;
  private readonly callMetrics?: GrpcServerMetrics;
  private stopping?: Promise<void>;
  private beforeStop?: () => void;

  private constructor(
    readonly config: HostConfig,
    readonly logger: Logger,
    readonly db: Database,
    readonly nc: NatsConnection,
    /** Metrics, when this process serves them (METRICS_PORT): the toolkit and the registry services add their series to. */
    readonly metrics?: { toolkit: Metrics; registry: Registry },
  ) {
    if (metrics) {
      registerHostMetrics(metrics.toolkit, metrics.registry, config.SERVICE_NAME, () => this.relay, nc);
      this.callMetrics = metrics.toolkit.grpcServerMetrics(metrics.registry);
    }
  }

  static async open(config: HostConfig): Promise<ServiceHost> {
    const logger = createLogger({ service: config.SERVICE_NAME, level: config.LOG_LEVEL, format: config.LOG_FORMAT });
    const db = await openDatabase(databaseOptionsFrom(config, config.SERVICE_NAME));
    const nc = await connect({ servers: config.NATS_URL, name: config.SERVICE_NAME, maxReconnectAttempts: -1 });
    await ensureStream(await nc.jetstreamManager(), config.SERVICE_NAME);
    const toolkit = config.METRICS_PORT === undefined ? undefined : loadMetrics();
    const host = new ServiceHost(
      config,
      logger,
      db,
      nc,
      toolkit && { toolkit, registry: toolkit.createMetricsRegistry(config.SERVICE_NAME) },
    );
    openHosts.add(host);
    logger.info({ engine: db.engine }, 'service host open');
    return host;
  }

  /**
   * Opens a host, lets the service wire its stores and handlers, then serves them. A service that
   * fails half-way does not keep the bus connection or the datafiles open.
   */
  static async start(config: HostConfig, wire: (host: ServiceHost) => Promise<ServiceWiring>): Promise<RunningService> {
    const host = await ServiceHost.open(config);
    try {
      const wiring = await wire(host);
      host.beforeStop = wiring.beforeStop;
      await runMigrations(host.db, { host: hostMigrations(host.outboxCollections), service: wiring.migrations ?? [] }, host.logger);
      const grpc = await host.serve(wiring.services, wiring.protoFiles, wiring.maxMessageBytes);
      for (const task of wiring.background ?? []) await host.startBackground(task);
      await host.serveMetrics();
      return { host, address: grpc.address, stop: () => host.shutdown() };
    } catch (error) {
      await host.shutdown().catch(() => undefined);
      throw error;
    }
  }

  /**
   * Opens the collection `name` as an outbox collection (docs/events.md#the-outbox): its repository writes a change and
   * its events with `insertWithEvents` / `updateWithEvents`, which wake this host's relay; the relay publishes them.
   */
  outboxCollection<T extends Doc>(name: string): OutboxCollection<T> {
    const collection = new OutboxCollection<T>(this.db.collection<T>(name), () => this.relay);
    this.outboxCollections.push(collection.outboxDocuments());
    return collection;
  }

  /**
   * Starts work the service runs beside its RPCs and registers its stop. Shutdown stops such tasks, last started
   * first, after the gRPC server stopped taking calls and before the relay, the bus and the data close, whether it
   * came from `stop()` or from SIGINT/SIGTERM.
   */
  async startBackground(task: BackgroundTask): Promise<void> {
    await task.start();
    this.backgroundStops.unshift(async () => {
      await task
        .stop()
        .catch((error: unknown) => this.logger.warn({ err: error, task: task.name }, 'a background task did not stop cleanly'));
    });
  }

  /** Starts the relay, then serves gRPC (health and reflection included). */
  async serve(services: ServiceBinding[], protoFiles: string[], maxMessageBytes?: number): Promise<RunningGrpcServer> {
    this.relay = new OutboxRelay({
      nc: this.nc,
      context: this.config.SERVICE_NAME,
      collections: this.outboxCollections,
      deadEvents: this.db.collection(DEAD_EVENTS_COLLECTION),
      deadEventsLocation: `${this.config.SERVICE_NAME} database, collection ${DEAD_EVENTS_COLLECTION}`,
      logger: this.logger,
    });
    await this.relay.start();
    this.grpc = await startGrpcServer({
      port: this.config.GRPC_PORT,
      host: this.config.GRPC_HOST,
      services,
      protoFiles,
      logger: this.logger,
      observeCall: this.callMetrics?.observe,
      ...(maxMessageBytes ? { maxMessageBytes } : {}),
    });
    return this.grpc;
  }

  /** Serves `/metrics` on METRICS_PORT when it is set; nothing otherwise. */
  private async serveMetrics(): Promise<void> {
    if (this.config.METRICS_PORT === undefined || !this.metrics) return;
    this.metricsServer = await this.metrics.toolkit.serveMetrics(this.metrics.registry, {
      port: this.config.METRICS_PORT,
      host: this.config.METRICS_HOST,
    });
    this.logger.info({ port: this.metricsServer.port }, 'metrics served at /metrics');
  }

  /** Stops taking calls, lets the relay publish what is pending, then closes the bus and the data. */
  shutdown(): Promise<void> {
    this.stopping ??= (async () => {
      this.logger.info('service stopping');
      this.beforeStop?.();
      await this.metricsServer?.close();
      await this.grpc?.shutdown();
      for (const stop of this.backgroundStops) await stop();
      await this.relay?.stop();
      await this.nc.drain().catch(() => undefined);
      await this.db.close();
      openHosts.delete(this);
    })();
    return this.stopping;
  }

  /**
   * Runs a service's main: a boot failure exits 1 with the reason; SIGINT/SIGTERM shut down cleanly. Once main has
   * started everything, a parent listening on an IPC channel (the launcher) is told the service is ready, and the
   * `urls` of the service main returned.
   */
  static async run(main: () => Promise<RunningService>): Promise<void> {
    const stopAll = async (signal: string) => {
      process.stderr.write(`${signal} received\n`);
      await Promise.all([...openHosts].map((host) => host.shutdown()));
      // The spans still waiting are exported before the process ends (at once when it does not trace).
      await stopTracing();
      process.exit(0);
    };
    process.once('SIGINT', () => void stopAll('SIGINT'));
    process.once('SIGTERM', () => void stopAll('SIGTERM'));
    let running: RunningService;
    try {
      running = await main();
    } catch (error) {
      process.stderr.write(`failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
      await Promise.all([...openHosts].map((host) => host.shutdown().catch(() => undefined)));
      process.exit(1);
    }
    await notifyReady({ urls: running.urls });
  }
}
