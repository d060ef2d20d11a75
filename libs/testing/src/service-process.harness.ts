import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { checkHealth } from '@commerce/grpc-runtime';
import { waitFor } from './wait-for.harness';

const EXIT_TIMEOUT_MS = 5_000;
const REPO_ROOT = path.resolve(__dirname, '../../..');

/** The built entry point of a service (`npx tsc -b` first): `services/<name>/dist/main.js`. */
export function builtServiceMain(service: string): string {
  return path.join(REPO_ROOT, 'services', service, 'dist', 'main.js');
}

export interface ServiceProcessEnv {
  GRPC_PORT: string;
  DATA_DIR: string;
  NATS_URL: string;
  [name: string]: string;
}

/**
 * Another service as its built process, stopped and started again on the same port, data and bus.
 * A service never imports another (docs/architecture.md#boundaries-between-services), so an integration test that needs a second service
 * runs it this way.
 */
export class ServiceProcess {
  readonly address: string;
  private child?: ChildProcess;
  private exited?: Promise<void>;
  private output = '';
  private readonly killOnExit = () => this.child?.kill('SIGKILL');

  constructor(
    readonly service: string,
    private readonly env: ServiceProcessEnv,
  ) {
    this.address = `127.0.0.1:${env.GRPC_PORT}`;
  }

  get running(): boolean {
    return this.child !== undefined;
  }

  /** Starts the process and waits until it answers the gRPC health check. */
  async start(): Promise<void> {
    if (this.child) throw new Error(`${this.service} already running`);
    const main = builtServiceMain(this.service);
    if (!existsSync(main)) throw new Error(`${main} is missing: build first (npx tsc -b tsconfig.json)`);
    const env = { PATH: process.env.PATH, GRPC_HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...this.env };
    const child = spawn(process.execPath, [main], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    this.child = child;
    this.output = '';
    const keepTail = (chunk: string) => (this.output = (this.output + chunk).slice(-4_000));
    child.stdout!.setEncoding('utf8').on('data', keepTail);
    child.stderr!.setEncoding('utf8').on('data', keepTail);
    this.exited = new Promise((resolve) => child.once('exit', () => resolve()));
    process.once('exit', this.killOnExit);
    const ready = await waitFor(async () => (child.exitCode !== null ? 'exited' : checkHealth(this.address)), {
      timeoutMs: 15_000,
      message: `${this.service} at ${this.address} to serve`,
    }).catch(() => 'timeout' as const);
    if (ready !== true) {
      await this.stop();
      throw new Error(`${this.service} did not start (${ready}):\n${this.output}`);
    }
  }

  /** SIGTERM: the service drains and exits as in production; SIGKILL if it hangs. */
  async stop(): Promise<void> {
    await this.signal('SIGTERM');
  }

  /** SIGKILL: a crash, nothing drained. */
  async kill(): Promise<void> {
    await this.signal('SIGKILL');
  }

  /** The last output lines, for a failure message. */
  get recentOutput(): string {
    return this.output;
  }

  private async signal(signal: 'SIGTERM' | 'SIGKILL'): Promise<void> {
    const { child, exited } = this;
    if (!child || !exited) return;
    if (child.exitCode === null && child.signalCode === null) {
      child.kill(signal);
      let timer: NodeJS.Timeout | undefined;
      const timedOut = new Promise<'timeout'>((resolve) => (timer = setTimeout(() => resolve('timeout'), EXIT_TIMEOUT_MS)));
      if ((await Promise.race([exited, timedOut])) === 'timeout') {
        child.kill('SIGKILL');
        await exited;
      }
      clearTimeout(timer);
    }
    process.removeListener('exit', this.killOnExit);
    this.child = undefined;
    this.exited = undefined;
  }
}
