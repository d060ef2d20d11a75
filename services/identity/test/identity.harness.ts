import { rejectionOf as rejectionOfType } from '@commerce/testing';
// The identity service in-process (real gRPC on port 0, embedded store in a temp dir) against a private
// nats-server and a real storefront. A service never imports another (DESIGN §1), so the storefront
// runs as its built process (`npx tsc -b` first), on a port the test picks so it can be restarted there.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { identity, storefront } from '@commerce/contracts';
import type { DomainEvent } from '@commerce/events';
import { checkHealth, closeAllChannels, createClient, RemoteError, type ServiceClient } from '@commerce/grpc-runtime';
import { freePort, removeDir, startNatsServer, tempDir, waitFor } from '@commerce/testing';
import { connect, type JetStreamManager, type NatsConnection } from 'nats';
import { loadIdentityConfig } from '../src/config';
import type { UserRecord } from '../src/domain/user';
import type { RunningService } from '@commerce/service-host';
import { startIdentityService } from '../src/service';

const STOREFRONT_MAIN = path.resolve(__dirname, '../../storefront/dist/main.js');
const EXIT_TIMEOUT_MS = 5_000;

export interface IdentityHarness {
  identity: ServiceClient<identity.IdentityServiceClient>;
  /** A client of the same storefront the identity service calls. */
  stores: ServiceClient<storefront.StoreServiceClient>;
  storefront: StorefrontProcess;
  /** Every event of one context's stream published so far, oldest first. */
  events(context: 'identity' | 'storefront'): Promise<DomainEvent[]>;
  /** Waits until the context's stream holds an event that matches, and answers it. */
  waitForEvent(context: 'identity' | 'storefront', matches: (event: DomainEvent) => boolean, what: string): Promise<DomainEvent>;
  /** The identity service's embedded users datafile. */
  usersDatafile: string;
  /** The users as the identity service stored them (read from the datafile without opening it). */
  storedUsers(): Promise<UserRecord[]>;
  stop(): Promise<void>;
}

export async function startIdentityHarness(): Promise<IdentityHarness> {
  if (!existsSync(STOREFRONT_MAIN)) throw new Error(`${STOREFRONT_MAIN} is missing: build first (npx tsc -b tsconfig.json)`);
  const nats = await startNatsServer();
  const dataDir = await tempDir('identity-int-');
  const usersDatafile = path.join(dataDir, 'identity', 'users.db');
  const storefrontProcess = new StorefrontProcess({ GRPC_PORT: String(await freePort()), DATA_DIR: dataDir, NATS_URL: nats.url });
  let service: RunningService | undefined;
  let bus: NatsConnection | undefined;
  const stop = async () => {
    await service?.stop();
    await storefrontProcess.stop();
    closeAllChannels();
    await bus?.drain().catch(() => undefined);
    await nats.stop();
    await removeDir(dataDir);
  };
  try {
    await storefrontProcess.start();
    service = await startIdentityService(
      loadIdentityConfig({ GRPC_PORT: '0', GRPC_HOST: '127.0.0.1', DATA_DIR: dataDir, NATS_URL: nats.url, LOG_LEVEL: 'silent', STOREFRONT_GRPC_ADDR: storefrontProcess.address }),
    );
    bus = await connect({ servers: nats.url });
    const jsm = await bus.jetstreamManager();
    const events = (context: 'identity' | 'storefront') => streamEvents(jsm, context);
    return {
      identity: createClient(identity.IdentityServiceClient, service.address),
      stores: createClient(storefront.StoreServiceClient, storefrontProcess.address),
      storefront: storefrontProcess,
      events,
      waitForEvent: (context, matches, what) =>
        waitFor(async () => (await events(context)).find(matches), { timeoutMs: 10_000, message: `${what} on the ${context} stream` }),
      usersDatafile,
      storedUsers: () => readDatafile<UserRecord>(usersDatafile),
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** The built storefront service, stopped and started again on the same port, data and bus. */
export class StorefrontProcess {
  readonly address: string;
  private child?: ChildProcess;
  private exited?: Promise<void>;
  private output = '';
  private readonly killOnExit = () => this.child?.kill('SIGKILL');

  constructor(private readonly env: { GRPC_PORT: string; DATA_DIR: string; NATS_URL: string }) {
    this.address = `127.0.0.1:${env.GRPC_PORT}`;
  }

  get running(): boolean {
    return this.child !== undefined;
  }

  async start(): Promise<void> {
    if (this.child) throw new Error('storefront already running');
    const env = { PATH: process.env.PATH, GRPC_HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...this.env };
    const child = spawn(process.execPath, [STOREFRONT_MAIN], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    this.child = child;
    this.output = '';
    const keepTail = (chunk: string) => (this.output = (this.output + chunk).slice(-4_000));
    child.stdout!.setEncoding('utf8').on('data', keepTail);
    child.stderr!.setEncoding('utf8').on('data', keepTail);
    this.exited = new Promise((resolve) => child.once('exit', () => resolve()));
    process.once('exit', this.killOnExit);
    const ready = await waitFor(async () => (child.exitCode !== null ? 'exited' : checkHealth(this.address)), {
      timeoutMs: 15_000,
      message: `the storefront at ${this.address} to serve`,
    }).catch(() => 'timeout' as const);
    if (ready !== true) {
      await this.stop();
      throw new Error(`storefront did not start (${ready}):\n${this.output}`);
    }
  }

  /** SIGTERM: the service drains and exits as in production; SIGKILL if it hangs. */
  async stop(): Promise<void> {
    const { child, exited } = this;
    if (!child || !exited) return;
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
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

/** Every event in the context's stream, oldest first; each must sit on `events.<ctx>.<store_id>.<topic>`. */
async function streamEvents(jsm: JetStreamManager, context: 'identity' | 'storefront'): Promise<DomainEvent[]> {
  const stream = `EVENTS_${context.toUpperCase()}`;
  const { state } = await jsm.streams.info(stream);
  const events: DomainEvent[] = [];
  for (let seq = state.first_seq; state.messages > 0 && seq <= state.last_seq; seq++) {
    const message = await jsm.streams.getMessage(stream, { seq });
    const event = message.json<DomainEvent>();
    const expectedSubject = `events.${context}.${event.store_id}.${event.topic}`;
    if (message.subject !== expectedSubject) throw new Error(`event ${event.id} was published on ${message.subject}, expected ${expectedSubject}`);
    events.push(event);
  }
  return events;
}

/** A NeDB datafile is append-only JSON lines: the last line of a document wins, `$$deleted` removes it. */
async function readDatafile<T>(file: string): Promise<T[]> {
  const documents = new Map<string, T>();
  const text = existsSync(file) ? await readFile(file, 'utf8') : '';
  for (const line of text.split('\n').filter(Boolean)) {
    const row = JSON.parse(line) as { _id?: string; $$deleted?: boolean };
    if (!row._id) continue;
    if (row.$$deleted) documents.delete(row._id);
    else documents.set(row._id, row as T);
  }
  return [...documents.values()];
}

/** The RemoteError a call fails with; fails the test if the call succeeds or fails otherwise. */
export const rejectionOf = (call: Promise<unknown>): Promise<RemoteError> => rejectionOfType(call, RemoteError);

let nextAccount = 1;

/** A valid sign-up with an e-mail and subdomain no other request of this test file uses. */
export function anAccountRequest(overrides: Partial<identity.CreateStoreAccountRequest> = {}): identity.CreateStoreAccountRequest {
  const n = nextAccount++;
  return identity.CreateStoreAccountRequest.fromPartial({
    name: `Shop ${n}`,
    subdomain: `shop-${n}`,
    email: `owner${n}@example.com`,
    password: 'correct horse battery',
    ...overrides,
  });
}
