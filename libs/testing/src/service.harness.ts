// One harness for every service's integration tests (docs/service-template.md, Tests): the service under test
// in-process on a free port, a private nats-server, a temp DATA_DIR, and the services it calls as their built
// processes. A library never imports a service, so the test passes the service's start function in.
import { addressEnvName, freePort, type ServiceName } from '@commerce/config';
import { closeAllChannels, createClient, type ClientConstructor, type ServiceClient } from '@commerce/grpc-runtime';
import type { Client } from '@grpc/grpc-js';
import { connect, type JetStreamManager, type NatsConnection } from 'nats';
import { startNatsServer, type NatsServerHandle } from './nats-server.harness';
import { ServiceProcess } from './service-process.harness';
import { streamEvents, type PublishedEvent } from './stream-events.harness';
import { removeDir, tempDir } from './temp-dir.harness';
import { waitFor, type WaitForOptions } from './wait-for.harness';

/** What a start function answers: the running service, which stops. */
export interface StartedService {
  stop(): Promise<void>;
}

/** The env the harness starts a service with: GRPC_PORT, DATA_DIR, NATS_URL, the other members' `<NAME>_GRPC_ADDR`, and the test's own. */
export type ServiceEnv = Record<string, string>;

export interface SiblingOptions {
  /** Env beyond what the harness gives every process; wins over it. */
  env?: Record<string, string>;
  /** false: its address is handed out, but nothing listens there until the test calls `siblings.<name>.start()`. */
  start?: boolean;
}

export interface ServiceHarnessOptions<S extends StartedService, C extends Client, N extends ServiceName> {
  /** The service under test, e.g. 'catalog': names its temp dir and the `CATALOG_GRPC_ADDR` its siblings dial. */
  name: ServiceName;
  /** Starts it in-process, e.g. `(env) => startCatalogService(loadCatalogConfig(env))`; restart() calls it again. */
  start(env: ServiceEnv): Promise<S>;
  /** Its generated client class, e.g. `catalog.CatalogServiceClient`. */
  client: ClientConstructor<C>;
  /** Env of the service under test beyond the harness's; wins over it. */
  env?: Record<string, string>;
  /** The services it calls, by name (`services/<name>`), run as their built processes and started in this order before it. */
  siblings?: Record<N, SiblingOptions>;
}

/** Which events of a stream: all of them, or those of a store, a topic, and what `where` accepts. */
export interface EventFilter {
  store_id?: number;
  topic?: string;
  where?: (event: PublishedEvent) => boolean;
}

const HOST = '127.0.0.1';
const EVENT_WAIT_MS = 10_000;

/** Starts the service under test with everything around it; on a failure, stops what it started and throws. */
export async function startServiceHarness<S extends StartedService, C extends Client, N extends ServiceName = never>(
  options: ServiceHarnessOptions<S, C, N>,
): Promise<ServiceHarness<S, C, N>> {
  const nats = await startNatsServer();
  let dataDir: string | undefined;
  let addresses: Record<string, string>;
  try {
    dataDir = await tempDir(`${options.name}-int-`);
    const names = [options.name, ...(Object.keys(options.siblings ?? {}) as ServiceName[])];
    const ports = await freePortsBesides(nats.port, names.length);
    addresses = Object.fromEntries(names.map((name, index) => [addressEnvName(name), `${HOST}:${ports[index]}`]));
  } catch (error) {
    await nats.stop();
    if (dataDir) await removeDir(dataDir);
    throw error;
  }
  const harness = new ServiceHarness<S, C, N>(options, nats, dataDir, addresses);
  try {
    await harness.launch();
    return harness;
  } catch (error) {
    await harness.stop();
    throw error;
  }
}

export class ServiceHarness<S extends StartedService, C extends Client, N extends ServiceName = never> {
  /** A client of the service under test; stays valid across restart() (same port). */
  readonly client: ServiceClient<C>;
  /** host:port of the service under test. */
  readonly address: string;
  /** The env the service under test is started with (and restarted with). */
  readonly env: ServiceEnv;
  /** The services it calls, as processes the test may stop and start again. */
  readonly siblings: Record<N, ServiceProcess>;
  private current?: S;
  private bus?: NatsConnection;
  private jsm?: JetStreamManager;
  private stopped = false;

  /** @internal startServiceHarness builds it. */
  constructor(
    private readonly options: ServiceHarnessOptions<S, C, N>,
    private readonly nats: NatsServerHandle,
    readonly dataDir: string,
    addresses: Record<string, string>,
  ) {
    const own = addressEnvName(options.name);
    this.address = addresses[own];
    const shared = { DATA_DIR: dataDir, NATS_URL: nats.url };
    const siblingEntries = (Object.entries<SiblingOptions>(options.siblings ?? {}) as [ServiceName, SiblingOptions][]).map(
      ([name, sibling]) => {
        const { [addressEnvName(name)]: address, ...others } = addresses;
        const env = { ...others, ...shared, GRPC_PORT: portOf(address), ...sibling.env };
        return [name, new ServiceProcess(name, env)] as const;
      },
    );
    this.siblings = Object.fromEntries(siblingEntries) as Record<N, ServiceProcess>;
    const { [own]: _own, ...siblingAddresses } = addresses;
    const logLevel = process.env.TEST_LOG_LEVEL ?? 'silent';
    this.env = { ...siblingAddresses, ...shared, GRPC_HOST: HOST, GRPC_PORT: portOf(this.address), LOG_LEVEL: logLevel, ...options.env };
    this.client = createClient(options.client, this.address);
  }

  /** The running service under test (a new object after restart()). */
  get service(): S {
    if (!this.current) throw new Error(`${this.options.name} is not running`);
    return this.current;
  }

  get natsUrl(): string {
    return this.nats.url;
  }

  /** @internal Siblings first (in order), then the service under test, then the harness's own bus connection. */
  async launch(): Promise<void> {
    for (const [name, sibling] of this.siblingList()) {
      if (this.options.siblings![name].start !== false) await sibling.start();
    }
    this.current = await this.options.start(this.env);
    this.bus = await connect({ servers: this.nats.url });
    this.jsm = await this.bus.jetstreamManager();
  }

  /** Stops the service under test and starts it again on the same port, DATA_DIR and bus. */
  async restart(): Promise<void> {
    await this.current?.stop();
    this.current = undefined;
    this.current = await this.options.start(this.env);
  }

  /** The events of one context's stream (`EVENTS_<CONTEXT>`) the filter accepts, oldest first. */
  async eventsOf(context: string, filter: EventFilter = {}): Promise<PublishedEvent[]> {
    if (!this.jsm) throw new Error('the harness is not connected to its bus');
    return (await streamEvents(this.jsm, context)).filter(accepts(filter));
  }

  /** Waits until the context's stream holds at least `count` events the filter accepts, and answers them all. */
  async waitForEvents(context: string, count: number, filter: EventFilter = {}, options: WaitForOptions = {}): Promise<PublishedEvent[]> {
    const timeoutMs = options.timeoutMs ?? EVENT_WAIT_MS;
    let found = 0;
    const probe = async () => {
      const events = await this.eventsOf(context, filter);
      found = events.length;
      return events.length >= count ? events : undefined;
    };
    const wanted = options.message ?? `${count} event(s)${describeFilter(filter)} on EVENTS_${context.toUpperCase()}`;
    try {
      return await waitFor(probe, { ...options, timeoutMs, message: wanted });
    } catch (error) {
      throw new Error(`${(error as Error).message}; ${found} found`);
    }
  }

  /**
   * Stops everything in reverse order of start (the service, then its siblings), then the bus, and removes the temp
   * dirs. Safe to call twice.
   */
  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    const service = this.current;
    this.current = undefined;
    await inOrder([
      () => service?.stop(),
      ...this.siblingList()
        .reverse()
        .map(
          ([, sibling]) =>
            () =>
              sibling.stop(),
        ),
      () => closeAllChannels(),
      () => this.bus?.drain().catch(() => undefined),
      () => this.nats.stop(),
      () => removeDir(this.dataDir),
    ]);
  }

  private siblingList(): [N, ServiceProcess][] {
    return Object.entries<ServiceProcess>(this.siblings) as [N, ServiceProcess][];
  }
}

/** Every step runs even when one before it failed; the first failure is thrown at the end. */
async function inOrder(steps: (() => unknown)[]): Promise<void> {
  let failure: unknown;
  for (const step of steps) {
    try {
      await step();
    } catch (error) {
      failure ??= error;
    }
  }
  if (failure !== undefined) throw failure;
}

const accepts =
  ({ store_id, topic, where }: EventFilter) =>
  (event: PublishedEvent): boolean =>
    (store_id === undefined || event.store_id === store_id) &&
    (topic === undefined || event.topic === topic) &&
    (where === undefined || where(event));

function describeFilter({ store_id, topic, where }: EventFilter): string {
  const parts = [
    store_id !== undefined && `of store ${store_id}`,
    topic !== undefined && `of topic ${topic}`,
    where && 'that match',
  ].filter(Boolean);
  return parts.length ? ` ${parts.join(', ')}` : '';
}

const portOf = (address: string): string => address.slice(address.lastIndexOf(':') + 1);

/** `count` distinct free ports, none of them `taken`. */
async function freePortsBesides(taken: number, count: number): Promise<number[]> {
  const ports = new Set<number>();
  while (ports.size < count) {
    const port = await freePort();
    if (port !== taken) ports.add(port);
  }
  return [...ports];
}
