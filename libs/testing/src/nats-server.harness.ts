import { spawn, type ChildProcess } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { connect } from 'node:net';
import { delimiter, join } from 'node:path';
import { freePort } from '@commerce/config';
import { removeDir, tempDir } from './temp-dir.harness';
import { waitFor } from './wait-for.harness';

export interface NatsServerHandle {
  url: string;
  port: number;
  /** JetStream store directory; survives restart(), removed by stop(). */
  storeDir: string;
  /** Kills the server, waits for it to exit and removes storeDir. Safe to call twice. */
  stop(): Promise<void>;
  /** Kills the server and starts it again on the same port and store dir (simulates a broker restart). */
  restart(): Promise<void>;
}

export interface StartNatsServerOptions {
  /** How long to wait for the server to accept TCP connections. */
  startTimeoutMs?: number;
}

const STDERR_TAIL_CHARS = 4_000;
const EXIT_TIMEOUT_MS = 5_000;

/**
 * Starts a private nats-server with JetStream on a free port and a fresh store dir.
 * Tests never share the system broker on 4222: each test file owns its server.
 */
export async function startNatsServer(options: StartNatsServerOptions = {}): Promise<NatsServerHandle> {
  const bin = resolveNatsServerBin();
  const storeDir = await tempDir('nats-js-');
  const startTimeoutMs = options.startTimeoutMs ?? 10_000;
  try {
    // A free port can be taken between probing and binding; a second try with a new port covers that race.
    let port = await freePort();
    let proc: ServerProcess;
    try {
      proc = await launch(bin, port, storeDir, startTimeoutMs);
    } catch {
      port = await freePort();
      proc = await launch(bin, port, storeDir, startTimeoutMs);
    }
    let current: ServerProcess | undefined = proc;
    let stopped = false;
    return {
      url: `nats://127.0.0.1:${port}`,
      port,
      storeDir,
      async stop() {
        if (stopped) return;
        stopped = true;
        await current?.kill();
        current = undefined;
        await removeDir(storeDir);
      },
      async restart() {
        if (stopped) throw new Error('startNatsServer: restart() after stop()');
        await current?.kill();
        current = undefined;
        current = await launch(bin, port, storeDir, startTimeoutMs);
      },
    };
  } catch (err) {
    await removeDir(storeDir);
    throw err;
  }
}

/** NATS_SERVER_BIN wins; otherwise the first `nats-server` on PATH (plus the sbin dirs distros install it to). */
export function resolveNatsServerBin(env: NodeJS.ProcessEnv = process.env): string {
  const explicit = env.NATS_SERVER_BIN;
  if (explicit) {
    if (isExecutable(explicit)) return explicit;
    throw new Error(`NATS_SERVER_BIN=${explicit} is not an executable file`);
  }
  const dirs = [...(env.PATH ?? '').split(delimiter).filter(Boolean), '/usr/local/sbin', '/usr/sbin', '/sbin'];
  for (const dir of dirs) {
    const candidate = join(dir, 'nats-server');
    if (isExecutable(candidate)) return candidate;
  }
  throw new Error('nats-server not found: install it (v2.9+) or set NATS_SERVER_BIN to its path');
}

function isExecutable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

interface ServerProcess {
  kill(): Promise<void>;
}

async function launch(bin: string, port: number, storeDir: string, startTimeoutMs: number): Promise<ServerProcess> {
  const child = spawn(bin, ['-a', '127.0.0.1', '-p', String(port), '-js', '-sd', storeDir], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderrTail = '';
  child.stderr?.setEncoding('utf8');
  child.stderr?.on('data', (chunk: string) => {
    stderrTail = (stderrTail + chunk).slice(-STDERR_TAIL_CHARS);
  });
  const exited = exitOf(child);
  // If the test process dies without calling stop(), do not leave an orphan broker behind.
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);

  let exitCode: number | null | undefined;
  void exited.then((code) => (exitCode = code));
  try {
    // 'exited' is truthy too, so an early crash ends the wait at once instead of at the deadline.
    const outcome = await waitFor(async () => (exitCode !== undefined ? 'exited' : acceptsConnections(port)), {
      timeoutMs: startTimeoutMs,
      intervalMs: 20,
      message: `nats-server on port ${port} to accept connections`,
    });
    if (outcome === 'exited') throw new Error(`nats-server exited early (code ${exitCode})`);
  } catch (err) {
    await terminate(child, exited);
    process.removeListener('exit', killOnExit);
    const detail = err instanceof Error ? err.message : String(err);
    throw new Error(`${detail}\nnats-server stderr:\n${stderrTail}`);
  }
  return {
    async kill() {
      await terminate(child, exited);
      process.removeListener('exit', killOnExit);
    },
  };
}

function exitOf(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => {
    child.once('exit', (code) => resolve(code));
    child.once('error', () => resolve(-1));
  });
}

async function terminate(child: ChildProcess, exited: Promise<number | null>): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<'timeout'>((resolve) => (timer = setTimeout(() => resolve('timeout'), EXIT_TIMEOUT_MS)));
  const outcome = await Promise.race([exited, timedOut]);
  clearTimeout(timer);
  if (outcome === 'timeout') {
    child.kill('SIGKILL');
    await exited;
  }
}

function acceptsConnections(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => {
      socket.destroy();
      resolve(false);
    });
  });
}
