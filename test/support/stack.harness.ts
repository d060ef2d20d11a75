import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { SERVICE_NAMES } from '@commerce/config';
import { freePort, waitFor } from '@commerce/testing';

export const REPO_ROOT = path.resolve(__dirname, '../..');
const SERVICES = SERVICE_NAMES;

export interface StackInfo {
  base_url: string;
  nats_url: string;
  /** identity's pages, which the gateway proxies (the launcher writes it). */
  identity_http_url?: string;
  /** Where each service listens: ports the launcher picked free, as `npm start` does. */
  grpc_addresses: Record<string, string>;
  launcher_pid: number;
  pids: Record<string, number>;
}

export interface StackHandle {
  baseUrl: string;
  env: NodeJS.ProcessEnv;
  info(): StackInfo;
  output(): string;
  stop(): Promise<number | null>;
  /** The pid of a service's process now: the launcher's, or the one `startService` started in its place. */
  pidOf(service: string): number;
  /**
   * Signals a service's current process (SIGKILL by default: a crash; SIGTERM: a clean stop) and waits until it
   * is gone. The launcher does not restart it: the service stays down until `startService`.
   */
  killService(service: string, signal?: NodeJS.Signals): Promise<void>;
  /**
   * Starts a service again in place of one that is down, as the launcher starts it (its built entry, the
   * environment the launcher gives every service, its own address and data), plus `extraEnv` for this process
   * only (e.g. `ORDERS_FAILPOINT`). Waits until it answers the gRPC health check unless `waitUntilServing` is
   * false. `stop()` stops it before the launcher.
   */
  startService(service: string, extraEnv?: Record<string, string>, options?: { waitUntilServing?: boolean }): Promise<ServiceHandle>;
  /**
   * Stops the stack's nats-server (SIGKILL by default) and waits until it is gone; the launcher lets the rest run.
   * `startNats` starts it again on the same port and JetStream directory (what the launcher gives it).
   */
  killNats(signal?: NodeJS.Signals): Promise<void>;
  /** Starts nats-server again, as the launcher starts it, and waits until it accepts connections. `stop()` stops it. */
  startNats(): Promise<void>;
  /** `killNats`, `downMs` of nothing, then `startNats`. */
  restartNats(options?: { downMs?: number; signal?: NodeJS.Signals }): Promise<void>;
}

/** A service process a test started in place of the launcher's. */
export interface ServiceHandle {
  pid: number;
  /** Resolves when the process has exited (its code, or the signal that ended it). */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Its output so far (the last 20,000 characters). */
  output(): string;
  /** SIGTERM, then SIGKILL if it has not exited within 10 s. */
  stop(): Promise<void>;
}

/**
 * Port and data directory of one stack, kept across restarts so a restarted stack finds its data; the launcher picks
 * the services' ports, as under `npm start` (stack.json lists them). The stack runs
 * on the embedded store unless STACK_MONGO_URL names a MongoDB server (README: "Running against MongoDB"): then
 * every service of this stack uses its own databases there, under a prefix named after the data directory.
 */
export async function stackEnvironment(dataDir: string): Promise<NodeJS.ProcessEnv> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, PORT: String(await freePort()), LOG_LEVEL: 'warn' };
  delete env.NATS_URL;
  delete env.MONGO_URL;
  if (process.env.STACK_MONGO_URL) {
    env.MONGO_URL = process.env.STACK_MONGO_URL;
    env.MONGO_DB_PREFIX = `stack_${path.basename(dataDir).replace(/[^A-Za-z0-9]/g, '_')}_`;
    // The webhooks service seals signing secrets with a key it must be given on MongoDB.
    env.WEBHOOK_SECRET_KEY ??= randomBytes(32).toString('base64');
  }
  for (const service of SERVICES) delete env[`${service.toUpperCase()}_GRPC_ADDR`];
  return env;
}

/** Starts the built launcher exactly as `npm start` runs it, and waits until it reports the stack ready. */
export async function startStack(env: NodeJS.ProcessEnv): Promise<StackHandle> {
  // As `npm start` runs it (package.json's start script).
  const child: ChildProcess = spawn(
    process.execPath,
    ['--optimize-for-size', '--v8-pool-size=1', path.join(REPO_ROOT, 'deploy/launcher/dist/main.js')],
    { env, cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  await waitFor(() => output.includes('Store Commerce is running') || child.exitCode !== null, {
    timeoutMs: 60_000,
    message: 'stack did not start',
  });
  if (child.exitCode !== null) throw new Error(`launcher exited early:\n${output}`);
  const stackFile = path.join(env.DATA_DIR!, 'stack.json');
  const info = () => JSON.parse(fs.readFileSync(stackFile, 'utf8')) as StackInfo;
  /** Services this test started in place of the launcher's, by name (the latest one). */
  const replacements = new Map<string, ServiceHandle & { child: ChildProcess }>();
  const pidOf = (service: string) => replacements.get(service)?.pid ?? info().pids[service]!;
  let natsReplacement: ChildProcess | undefined;
  const natsExited = (nats: ChildProcess) =>
    nats.exitCode !== null || nats.signalCode !== null
      ? Promise.resolve()
      : new Promise<void>((resolve) => nats.once('exit', () => resolve()));
  const killNats = async (signal: NodeJS.Signals = 'SIGKILL') => {
    if (natsReplacement) {
      const nats = natsReplacement;
      if (nats.exitCode === null && nats.signalCode === null) nats.kill(signal);
      await natsExited(nats);
      return;
    }
    const pid = info().pids.nats;
    if (!pid) throw new Error('the stack runs no nats-server');
    if (isAlive(pid)) process.kill(pid, signal);
    await waitFor(() => !isAlive(pid), { timeoutMs: 15_000, intervalMs: 20, message: `nats-server (pid ${pid}) to exit after ${signal}` });
  };
  const startNats = async () => {
    if (natsReplacement ? natsReplacement.exitCode === null && natsReplacement.signalCode === null : isAlive(info().pids.nats ?? 0))
      throw new Error('nats-server is still running: killNats first');
    // As deploy/launcher/src/stack.ts starts it: its port, its JetStream directory under DATA_DIR, its log file.
    const port = Number(new URL(info().nats_url).port);
    const storeDir = path.join(env.DATA_DIR!, 'nats');
    const binary = env.NATS_SERVER_BIN ?? 'nats-server';
    const nats = spawn(
      binary,
      ['-a', '127.0.0.1', '-p', String(port), '-js', '-sd', storeDir, '-l', path.join(storeDir, 'nats-server.log')],
      { env, cwd: REPO_ROOT, stdio: 'ignore' },
    );
    natsReplacement = nats;
    await waitFor(() => nats.exitCode !== null || nats.signalCode !== null || acceptsConnections(port), {
      timeoutMs: 30_000,
      intervalMs: 50,
      message: 'nats-server to accept connections again',
    });
    if (nats.exitCode !== null || nats.signalCode !== null) throw new Error(`nats-server exited at its restart (code ${nats.exitCode})`);
  };
  return {
    baseUrl: `http://127.0.0.1:${env.PORT}`,
    env,
    info,
    output: () => output,
    pidOf,
    async killService(service, signal = 'SIGKILL') {
      const replacement = replacements.get(service);
      if (replacement) {
        if (replacement.child.exitCode === null && replacement.child.signalCode === null) replacement.child.kill(signal);
        await replacement.exited;
        return;
      }
      const pid = info().pids[service];
      if (!pid) throw new Error(`the stack runs no ${service}`);
      if (isAlive(pid)) process.kill(pid, signal);
      await waitFor(() => !isAlive(pid), { timeoutMs: 15_000, intervalMs: 20, message: `${service} (pid ${pid}) to exit after ${signal}` });
    },
    async startService(service, extraEnv = {}, options = {}) {
      const running = replacements.get(service);
      if (running ? running.child.exitCode === null && running.child.signalCode === null : isAlive(info().pids[service] ?? 0)) {
        throw new Error(`${service} is still running: killService first`);
      }
      const started = spawnService(env, info(), service, extraEnv);
      replacements.set(service, started);
      if (options.waitUntilServing !== false) await untilServing(service, info().grpc_addresses[service]!, started);
      return started;
    },
    killNats,
    startNats,
    async restartNats({ downMs = 0, signal = 'SIGKILL' } = {}) {
      await killNats(signal);
      if (downMs > 0) await new Promise((resolve) => setTimeout(resolve, downMs));
      await startNats();
    },
    async stop() {
      // What this test started first (the launcher knows nothing of them), then the stack as Ctrl-C stops it.
      for (const replacement of replacements.values()) await replacement.stop();
      if (child.exitCode === null) child.kill('SIGINT');
      const code = await exited;
      if (natsReplacement && natsReplacement.exitCode === null && natsReplacement.signalCode === null) {
        natsReplacement.kill('SIGTERM');
        await natsExited(natsReplacement);
      }
      if (replacements.size > 0) (await import('@commerce/grpc-runtime')).closeAllChannels();
      return code;
    },
  };
}

function acceptsConnections(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

function isAlive(pid: number): boolean {
  if (!pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * One service as deploy/launcher/src/stack.ts starts it: the launcher's environment, its services' addresses (stack.json),
 * the bus, the data directory, the secret it keeps there and identity's page address, then GRPC_PORT/GRPC_HOST.
 */
function spawnService(
  env: NodeJS.ProcessEnv,
  info: StackInfo,
  service: string,
  extraEnv: Record<string, string>,
): ServiceHandle & { child: ChildProcess } {
  const address = info.grpc_addresses[service]!;
  const addresses = Object.fromEntries(SERVICES.map((name) => [`${name.toUpperCase()}_GRPC_ADDR`, info.grpc_addresses[name]!]));
  const secretFile = path.join(env.DATA_DIR!, 'secrets', 'oauth-jwt-secret');
  const identityHttpUrl = info.identity_http_url;
  const serviceEnv: NodeJS.ProcessEnv = {
    ...env,
    ...addresses,
    NATS_URL: info.nats_url,
    OAUTH_JWT_SECRET: env.OAUTH_JWT_SECRET ?? fs.readFileSync(secretFile, 'utf8').trim(),
    PUBLIC_URL: env.PUBLIC_URL ?? `http://localhost:${env.PORT}`,
    ...(identityHttpUrl ? { IDENTITY_HTTP_URL: identityHttpUrl, IDENTITY_HTTP_PORT: new URL(identityHttpUrl).port } : {}),
    GRPC_PORT: address.split(':').pop()!,
    GRPC_HOST: '127.0.0.1',
    ...extraEnv,
  };
  // The storefront alone runs with a larger old space (the launcher's SERVICE_NODE_FLAGS).
  const flags = service === 'storefront' ? ['--initial-old-space-size=256'] : [];
  const child = spawn(process.execPath, [...flags, path.join(REPO_ROOT, `services/${service}/dist/main.js`)], {
    env: serviceEnv,
    cwd: REPO_ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-20_000));
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  return {
    child,
    pid: child.pid!,
    exited,
    output: () => output,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

async function untilServing(service: string, address: string, started: ServiceHandle & { child: ChildProcess }): Promise<void> {
  const { checkHealth } = await import('@commerce/grpc-runtime');
  const serving = await waitFor(
    async () =>
      started.child.exitCode !== null || started.child.signalCode !== null ? 'exited' : checkHealth(address, { deadlineMs: 1_000 }),
    {
      timeoutMs: 30_000,
      intervalMs: 100,
      message: `${service} at ${address} to serve`,
    },
  ).catch(() => 'timeout' as const);
  if (serving !== true) {
    await started.stop();
    throw new Error(`${service} did not start (${serving}):\n${started.output()}`);
  }
}

/** Runs the operator CLI as `npm run storectl -- ...` does, answering its parsed JSON output. */
export async function storectl(env: NodeJS.ProcessEnv, args: string[]): Promise<{ code: number | null; json: unknown; stderr: string }> {
  const child = spawn(process.execPath, [path.join(REPO_ROOT, 'deploy/storectl/dist/main.js'), ...args], {
    env,
    cwd: REPO_ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  return { code, json: stdout ? JSON.parse(stdout) : undefined, stderr };
}

export { readJson as json, type JsonBody } from '@commerce/testing';

export interface CreatedStore {
  /** `url`: the store's buyer site, as the storefront renders it (`http://<subdomain>.shops.localhost:<PORT>` in a stack). */
  store: { id: number; name: string; subdomain: string; url: string };
  user: { id: number; email: string };
  api_key: string;
}

/** `storectl store create` for a fresh subdomain (name, e-mail and password derived from it); fails the test if the CLI does. */
export async function createStoreWithCli(env: NodeJS.ProcessEnv, subdomain: string): Promise<CreatedStore> {
  const created = await storectl(env, [
    'store',
    'create',
    '--name',
    `Shop ${subdomain}`,
    '--subdomain',
    subdomain,
    '--email',
    `${subdomain}@example.com`,
    '--password',
    'correct horse battery',
  ]);
  if (created.code !== 0) throw new Error(`storectl store create ${subdomain} failed: ${created.stderr}`);
  return created.json as CreatedStore;
}
