import fs from 'node:fs';
import path from 'node:path';
import {
  addressEnvName,
  freePort,
  isProcessRunning,
  readStackFile,
  SERVICE_NAMES,
  writeStackFile,
  type ServiceName,
} from '@commerce/config';
import { processOutputFor, startProcess, type ManagedProcess, type ProcessOutput } from './child-process';
import type { LauncherConfig } from './config';
import { untilReady, type ReadyNotice } from './ready';
import { planPorts, type PortPlan } from './ports';
import { persistentSecret } from './secrets';
import { acceptsConnections, answersOk, waitUntil } from './wait';

/**
 * Every Node process of the stack: V8's background threads (parallel scavenges, concurrent marking, compiles) come
 * from a pool of one instead of one per core. The stack's nine processes share the machine, so a second helper per
 * process buys no parallelism, only hand-offs and a malloc arena each: measured on 2 cores (test/bench/README.md),
 * ~4% less CPU per product create across the stack and ~12 MB less resident memory when idle.
 */
const STACK_NODE_FLAGS = ['--v8-pool-size=1'];

/**
 * Heap sizes measured on GET /v1/store.json (test/bench/README.md). Under concurrent gRPC calls a
 * share of every request's garbage outlives the young generation; with V8's default old-space
 * limits that garbage set off a full collection every second or two, each pausing every call in
 * flight (15-20 ms in the gateway, 30-150 ms in the storefront), which set the p99. Letting the
 * old space grow to 256 MB before the first full collection makes those rare. The gateway's larger
 * young generation lets more of its per-request garbage die young (~10% less CPU per request).
 */
const READ_PATH_NODE_FLAGS = ['--initial-old-space-size=256'];
const GATEWAY_NODE_FLAGS = ['--max-semi-space-size=32', ...READ_PATH_NODE_FLAGS];
/**
 * Only the processes where those pauses were measured keep the larger old space: each holding its boot
 * garbage cost the others ~4-8 MB of resident memory while idle (the stack is held under 700 MB).
 */
const SERVICE_NODE_FLAGS: Record<string, string[]> = {
  /**
   * The storefront keeps the large old space against full-collection pauses on page renders, and a young generation
   * capped at 4 MB per semi-space. Applying catalog's events, it holds a batch of up to 64 events for up to 20 ms, so
   * much of what it allocates survives a young collection that comes too soon. Under `--optimize-for-size` (1 MB
   * semi-spaces, and V8 then ignores the semi-space flags) it made ~80 young collections a second at 1,000 creates/s,
   * 1.4 ms each, and spent 248 µs per product create. Measured on one machine state (test/bench/README.md):
   * 4 MB, 170 µs per create and 93 MB idle; 2 MB, 183 µs and 91 MB; V8's default (16 MB), 152 µs and 101 MB;
   * `--optimize-for-size`, 248 µs and 88 MB. 4 MB buys most of the speed for 5 MB of the stack's 700.
   */
  storefront: ['--max-semi-space-size=4', ...READ_PATH_NODE_FLAGS],
  /**
   * The services off the hot paths favour memory over peak speed (V8 `--optimize-for-size`: ~12 MB less resident
   * each at idle, test/bench/README.md). Catalog keeps full speed for writes, the gateway for reads,
   * webhooks for deliveries (with the flag its p99 at 200 events/s went from 0.8 s to 5.3 s).
   */
  identity: ['--optimize-for-size'],
  shipping: ['--optimize-for-size'],
  orders: ['--optimize-for-size'],
  /** Media's time goes to libvips (native threads), not to JavaScript: the flag costs it nothing measurable. */
  media: ['--optimize-for-size'],
  /** Notifications renders and sends a few messages per order, off every request's path. */
  notifications: ['--optimize-for-size'],
};

/** The name identity's pages go by in its ready notice (services/identity/src/service.ts). */
const IDENTITY_PAGES = 'identity_pages';

export interface RunningStack {
  baseUrl: string;
  natsUrl: string;
  processes: ManagedProcess[];
  stop(): Promise<void>;
}

async function startNats(config: LauncherConfig, processes: ManagedProcess[], ports: PortPlan): Promise<string> {
  if (config.NATS_URL) return config.NATS_URL;
  // 4222 may already belong to another server on this machine: always take a free port, never one the stack's processes are told to bind.
  const port = await freePort({ besides: ports.configured });
  const storeDir = path.join(config.dataDir, 'nats');
  fs.mkdirSync(storeDir, { recursive: true });
  const nats = startProcess(
    'nats',
    config.NATS_SERVER_BIN,
    ['-a', '127.0.0.1', '-p', String(port), '-js', '-sd', storeDir, '-l', path.join(storeDir, 'nats-server.log')],
    natsEnv(config),
    0,
    config.repoRoot,
    outputOf(config),
  );
  processes.push(nats);
  await waitUntil(
    'nats-server',
    () => acceptsConnections(port),
    config.STARTUP_TIMEOUT_MS,
    () => nats.child.exitCode !== null,
  );
  process.stdout.write(`[nats] JetStream on 127.0.0.1:${port}, log in ${storeDir}/nats-server.log\n`);
  return `nats://127.0.0.1:${port}`;
}

/** The spawned server's environment: the launcher's, its Go runtime on NATS_GOMAXPROCS threads. */
function natsEnv(config: LauncherConfig): NodeJS.ProcessEnv {
  return { ...process.env, GOMAXPROCS: String(config.NATS_GOMAXPROCS) };
}

function outputOf(config: LauncherConfig): ProcessOutput {
  return processOutputFor(config.LOG_FORMAT, process.stdout.isTTY === true);
}

function sharedEnv(config: LauncherConfig, natsUrl: string, grpcAddresses: PortPlan['grpcAddresses']): NodeJS.ProcessEnv {
  const addresses = Object.fromEntries(SERVICE_NAMES.map((name) => [addressEnvName(name), grpcAddresses[name]]));
  return {
    ...process.env,
    ...addresses,
    NATS_URL: natsUrl,
    DATA_DIR: config.dataDir,
    LOG_LEVEL: config.LOG_LEVEL,
    // Processes always write JSON lines; the launcher turns them into readable ones (child-process.ts).
    LOG_FORMAT: 'json',
    OAUTH_JWT_SECRET: persistentSecret(config.dataDir, 'oauth-jwt-secret', process.env.OAUTH_JWT_SECRET),
  };
}

/** Writes where everything runs to DATA_DIR/stack.json, for storectl, operators and the stack tests (no secrets in it). */
function writeStackFileOf(
  config: LauncherConfig,
  stack: { baseUrl: string; natsUrl: string; identityHttpUrl: string; processes: ManagedProcess[]; ports: PortPlan },
): void {
  const pids = Object.fromEntries(stack.processes.map((p) => [p.name, p.child.pid!]));
  const metrics = Object.fromEntries(
    Object.entries(stack.ports.metricsPorts).map(([name, port]) => [name, `http://127.0.0.1:${port}/metrics`]),
  );
  const { baseUrl, natsUrl, identityHttpUrl } = stack;
  writeStackFile(config.dataDir, {
    base_url: baseUrl,
    nats_url: natsUrl,
    identity_http_url: identityHttpUrl,
    grpc_addresses: stack.ports.grpcAddresses,
    launcher_pid: process.pid,
    pids,
    metrics,
  });
}

/** Two stacks on one DATA_DIR would share its databases: a second launcher stops before starting anything. */
function refuseRunningStack(config: LauncherConfig): void {
  const running = readStackFile(config.dataDir);
  const pid = running?.launcher_pid;
  if (pid === undefined || pid === process.pid || !isProcessRunning(pid)) return;
  throw new Error(
    `a stack already runs on DATA_DIR ${config.dataDir} (launcher pid ${pid}, API at ${running?.base_url}): stop ` +
      `it, or set DATA_DIR to another directory to run a second stack.`,
  );
}

export async function startStack(config: LauncherConfig): Promise<RunningStack> {
  fs.mkdirSync(config.dataDir, { recursive: true });
  refuseRunningStack(config);
  const ports = await planPorts(config);
  const processes: ManagedProcess[] = [];
  const stop = async () => {
    // Front door first, so no request reaches a service that is going away.
    for (const managed of [...processes].reverse()) await managed.stop();
  };
  try {
    const natsUrl = await startNats(config, processes, ports);
    const baseUrl = config.PUBLIC_URL ?? `http://localhost:${config.PORT}`;
    // Unset, identity binds a port of its own (0) and reports it: a port picked free here could be taken before identity
    // binds it, by the source port of one of the services' outgoing connections.
    const env = {
      ...sharedEnv(config, natsUrl, ports.grpcAddresses),
      PUBLIC_URL: baseUrl,
      IDENTITY_HTTP_PORT: String(config.IDENTITY_HTTP_PORT ?? 0),
    };
    const { metricsPorts } = ports;
    const metricsEnv = (name: string): NodeJS.ProcessEnv =>
      metricsPorts[name] === undefined ? {} : { METRICS_PORT: String(metricsPorts[name]) };
    const notices = await Promise.all(
      SERVICE_NAMES.map((name, index) =>
        startService(config, name, ports.grpcAddresses[name], { ...env, ...metricsEnv(name) }, index + 1, processes),
      ),
    );
    // identity's pages, which the gateway proxies to, are a background task: they listen before identity reports ready.
    const identityHttpUrl = identityPagesUrl(notices[SERVICE_NAMES.indexOf('identity')]!);
    const gatewayEnv = { ...env, ...metricsEnv('gateway'), PORT: String(config.PORT), IDENTITY_HTTP_URL: identityHttpUrl };
    const gateway = startProcess(
      'gateway',
      process.execPath,
      [...STACK_NODE_FLAGS, ...GATEWAY_NODE_FLAGS, path.join(config.repoRoot, 'gateway/dist/main.js')],
      gatewayEnv,
      7,
      config.repoRoot,
      outputOf(config),
    );
    processes.push(gateway);
    const healthz = `http://127.0.0.1:${config.PORT}/healthz`;
    await waitUntil(
      'gateway',
      () => answersOk(healthz),
      config.STARTUP_TIMEOUT_MS,
      () => gateway.child.exitCode !== null,
    );
    writeStackFileOf(config, { baseUrl, natsUrl, identityHttpUrl, processes, ports });
    return { baseUrl, natsUrl, processes, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** Where identity's pages listen, as identity reported it (on IDENTITY_HTTP_PORT when set, a port of its own otherwise). */
function identityPagesUrl(notice: ReadyNotice): string {
  const url = notice.urls[IDENTITY_PAGES];
  if (!url)
    throw new Error(
      `identity reported ready without the URL of its pages (urls.${IDENTITY_PAGES}); is it built from this checkout? (npm run build)`,
    );
  return url;
}

/** Starts a service and waits for its ready notice, which it resolves with. */
async function startService(
  config: LauncherConfig,
  name: ServiceName,
  address: string,
  env: NodeJS.ProcessEnv,
  index: number,
  processes: ManagedProcess[],
): Promise<ReadyNotice> {
  const port = address.split(':').pop()!;
  const entry = path.join(config.repoRoot, `services/${name}/dist/main.js`);
  const serviceEnv = { ...env, GRPC_PORT: port, GRPC_HOST: '127.0.0.1' };
  const managed = startProcess(
    name,
    process.execPath,
    [...STACK_NODE_FLAGS, ...(SERVICE_NODE_FLAGS[name] ?? []), entry],
    serviceEnv,
    index,
    config.repoRoot,
    outputOf(config),
    { notifiesReady: true },
  );
  processes.push(managed);
  // Its notice over IPC rather than gRPC health checks: the launcher would hold gRPC (~9 MB) for as long as the stack runs.
  return untilReady(managed, config.STARTUP_TIMEOUT_MS);
}
