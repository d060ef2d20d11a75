// The ports of a stack: configured ones checked free before anything starts (a taken one named with the setting to
// change), every other picked free, so a second checkout's stack starts beside the first.
import net from 'node:net';
import path from 'node:path';
import { SERVICE_NAMES } from '@commerce/config';
import { freePort, removeDir, tempDir } from '@commerce/testing';
import { loadLauncherConfig, type LauncherConfig } from './config';
import { METRICS_PROCESSES, planPorts } from './ports';
import { startStack } from './stack';
import { capturePrinted } from './printed.fixture';

let root: string;
let printed: string[];
let holder: net.Server;
let held: number;

/** A config whose every process would fail to start (no entries, no nats-server): only the port checks can answer. */
function configFor(env: NodeJS.ProcessEnv): LauncherConfig {
  const config = loadLauncherConfig({ DATA_DIR: path.join(root, 'data'), NATS_SERVER_BIN: '/nonexistent/nats-server', ...env });
  return { ...config, repoRoot: root };
}

beforeEach(async () => {
  root = await tempDir('launcher-ports-');
  printed = capturePrinted();
  held = await freePort();
  holder = net.createServer();
  await new Promise<void>((resolve, reject) => holder.once('error', reject).listen(held, '127.0.0.1', resolve));
});
afterEach(async () => {
  jest.restoreAllMocks();
  await new Promise<void>((resolve) => holder.close(() => resolve()));
  await removeDir(root);
});

describe('a configured port that is taken', () => {
  it.each([
    [
      'PORT',
      { PORT: () => String(held) },
      () => `port ${held} (PORT, the gateway's) is taken, by another program or another stack: set PORT to a free port, e.g. PORT=`,
    ],
    [
      '<SERVICE>_GRPC_ADDR',
      { CATALOG_GRPC_ADDR: () => `127.0.0.1:${held}` },
      () =>
        `port ${held} (CATALOG_GRPC_ADDR, catalog's gRPC server's) is taken, by another program or another stack: unset ` +
        `CATALOG_GRPC_ADDR and npm start picks a free port.`,
    ],
    [
      'IDENTITY_HTTP_PORT',
      { IDENTITY_HTTP_PORT: () => String(held) },
      () =>
        `port ${held} (IDENTITY_HTTP_PORT, identity's pages') is taken, by another program or another stack: unset ` +
        `IDENTITY_HTTP_PORT and identity binds a free port.`,
    ],
    [
      'METRICS_PORT_BASE',
      { METRICS_PORT_BASE: () => String(held - 2) },
      () =>
        `port ${held} (METRICS_PORT_BASE + 2, catalog's metrics) is taken, by another program or another stack: ` +
        `METRICS_PORT_BASE=0 gives every process a free port.`,
    ],
  ])('stops the start before any process, naming the port and %s', async (_setting, settings, message) => {
    const env = Object.fromEntries(Object.entries(settings).map(([name, value]) => [name, value()]));
    const failing = startStack(configFor({ PORT: String(await freePort()), ...env }));
    await expect(failing).rejects.toThrow(message());
    expect(printed.join('')).toBe('');
  });

  it('suggests a free PORT a person can type: the next free one above it', async () => {
    const failing = startStack(configFor({ PORT: String(held) }));
    const error = await failing.catch((caught: Error) => caught);
    const suggested = Number(/e\.g\. PORT=(\d+) npm start\.$/.exec((error as Error).message)?.[1]);
    expect(suggested).toBeGreaterThan(held);
    expect(suggested).toBeLessThanOrEqual(held + 20);
  });
});

describe('the ports the launcher picks', () => {
  it('gives every service whose address is unset a free port of its own on 127.0.0.1, never the fixed defaults', async () => {
    const plan = await planPorts(configFor({ PORT: String(await freePort()), METRICS_PORT_BASE: '0' }));
    const ports = SERVICE_NAMES.map((name) => /^127\.0\.0\.1:(\d+)$/.exec(plan.grpcAddresses[name])?.[1]).map(Number);
    expect(ports.every((port) => port >= 20_000 && port < 32_000)).toBe(true);
    expect(new Set([...ports, ...Object.values(plan.metricsPorts)]).size).toBe(ports.length + METRICS_PROCESSES.length);
  });

  it('keeps the address of a service that has one', async () => {
    const plan = await planPorts(configFor({ PORT: String(await freePort()), ORDERS_GRPC_ADDR: '127.0.0.1:24501' }));
    expect(plan.grpcAddresses.orders).toBe('127.0.0.1:24501');
    expect(plan.grpcAddresses.catalog).not.toBe('127.0.0.1:24501');
  });
});
