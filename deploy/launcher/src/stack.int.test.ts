// startStack on a repository of stand-in processes (plain scripts at each built entry): the order the launcher starts
// them in and what it says when a service does not come up, without building or running the real ones.
import fs from 'node:fs';
import path from 'node:path';
import { SERVICE_NAMES } from '@commerce/config';
import { freePort, removeDir, tempDir } from '@commerce/testing';
import { loadLauncherConfig, type LauncherConfig } from './config';
import { startStack } from './stack';
import { capturePrinted } from './printed.fixture';

/**
 * How a stand-in service behaves: reports ready as ServiceHost.run does (identity's stand-in serves its pages on
 * IDENTITY_HTTP_PORT and reports their URL), reports ready without any URL, fails its start, or never answers.
 */
type Behaviour = 'ready' | 'bare-ready' | 'fails' | 'silent';

const SERVICE_SCRIPTS: Record<Exclude<Behaviour, 'ready'>, string> = {
  'bare-ready': "process.send({ type: 'ready' }, () => process.disconnect());\nsetInterval(() => {}, 1000);\n",
  fails: "process.stderr.write('failed to start: WEBHOOK_SECRET_KEY must be 32 bytes\\n');\nprocess.exit(1);\n",
  silent: 'setInterval(() => {}, 1000);\n',
};
/** identity's pages: they answer with the port identity was told to bind; the notice names the port it bound. */
const IDENTITY_READY_SCRIPT = `
const pages = require('node:http').createServer((req, res) =>
  res.end('identity pages, IDENTITY_HTTP_PORT=' + process.env.IDENTITY_HTTP_PORT),
);
pages.listen(Number(process.env.IDENTITY_HTTP_PORT), '127.0.0.1', () => {
  const urls = { identity_pages: 'http://127.0.0.1:' + pages.address().port };
  process.send({ type: 'ready', urls }, () => process.disconnect());
});
`;
const PID_FILE = "require('node:fs').writeFileSync(require('node:path').join(__dirname, 'pid'), String(process.pid));\n";
/** Every stand-in (the gateway too) writes the gRPC settings it was given beside its entry. */
const ENV_FILE =
  `require('node:fs').writeFileSync(require('node:path').join(__dirname, 'env.json'), ` +
  `JSON.stringify(Object.fromEntries(Object.entries(process.env).filter(([name]) => /GRPC_(ADDR|PORT)$/.test(name)))));\n`;
/** The gateway: /healthz, and /identity-pages proxied to IDENTITY_HTTP_URL as the real one proxies identity's pages. */
const GATEWAY_SCRIPT = `
const http = require('node:http');
http.createServer((req, res) => {
  if (req.url === '/healthz') return res.writeHead(200).end();
  if (req.url !== '/identity-pages') return res.writeHead(404).end();
  http.get(process.env.IDENTITY_HTTP_URL, (pages) => pages.pipe(res)).once('error', (error) => res.writeHead(502).end(error.message));
}).listen(Number(process.env.PORT), '127.0.0.1');
`;

function serviceScript(name: string, behaviour: Behaviour): string {
  if (behaviour !== 'ready') return SERVICE_SCRIPTS[behaviour];
  return name === 'identity' ? IDENTITY_READY_SCRIPT : SERVICE_SCRIPTS['bare-ready'];
}

let root: string;
let printed: string[];

function writeEntry(relativePath: string, script: string): void {
  const file = path.join(root, relativePath);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, script);
}

/** A launcher config for a repository whose services behave as `overrides` says (ready otherwise). */
async function configFor(overrides: Partial<Record<string, Behaviour>>, env: NodeJS.ProcessEnv = {}): Promise<LauncherConfig> {
  for (const name of SERVICE_NAMES)
    writeEntry(`services/${name}/dist/main.js`, PID_FILE + ENV_FILE + serviceScript(name, overrides[name] ?? 'ready'));
  writeEntry('gateway/dist/main.js', ENV_FILE + GATEWAY_SCRIPT);
  // NATS_URL set: no nats-server is started (the stand-ins connect to nothing).
  const config = loadLauncherConfig({
    DATA_DIR: path.join(root, 'data'),
    PORT: String(await freePort()),
    NATS_URL: 'nats://127.0.0.1:1',
    ...env,
  });
  return { ...config, repoRoot: root };
}

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

beforeEach(async () => {
  root = await tempDir('launcher-stack-');
  printed = capturePrinted();
});
afterEach(async () => {
  jest.restoreAllMocks();
  await removeDir(root);
});

describe('the launcher starting the stack', () => {
  it('starts the gateway once every service reported ready, and writes where everything runs', async () => {
    const stack = await startStack(await configFor({}));
    try {
      expect(stack.processes.map((managed) => managed.name)).toEqual([...SERVICE_NAMES, 'gateway']);
      const written = JSON.parse(fs.readFileSync(path.join(root, 'data/stack.json'), 'utf8')) as { pids: Record<string, number> };
      expect(Object.keys(written.pids)).toEqual([...SERVICE_NAMES, 'gateway']);
      // The services closed their channels: nothing ties them to the launcher but their output.
      expect(stack.processes.filter((managed) => managed.child.connected)).toEqual([]);
    } finally {
      await stack.stop();
    }
    expect(stack.processes.filter((managed) => managed.child.exitCode === null && managed.child.signalCode === null)).toEqual([]);
  });

  it('gives each service the port stack.json lists for it, and every process the same addresses of all of them', async () => {
    const stack = await startStack(await configFor({}, { CATALOG_GRPC_ADDR: `127.0.0.1:${await freePort()}` }));
    try {
      const { grpc_addresses: addresses } = JSON.parse(fs.readFileSync(path.join(root, 'data/stack.json'), 'utf8')) as {
        grpc_addresses: Record<string, string>;
      };
      expect(Object.keys(addresses)).toEqual([...SERVICE_NAMES]);
      const given = Object.fromEntries(SERVICE_NAMES.map((name) => [`${name.toUpperCase()}_GRPC_ADDR`, addresses[name]]));
      const envOf = (entry: string) =>
        JSON.parse(fs.readFileSync(path.join(root, entry, 'dist/env.json'), 'utf8')) as Record<string, string>;
      for (const name of SERVICE_NAMES) expect(envOf(`services/${name}`)).toEqual({ ...given, GRPC_PORT: addresses[name]!.split(':')[1] });
      expect(envOf('gateway')).toEqual(given);
    } finally {
      await stack.stop();
    }
  });

  it('starts its own nats-server when NATS_URL is unset, its Go runtime on NATS_GOMAXPROCS threads (one unless set)', async () => {
    for (const [env, threads] of [
      [{}, '1'],
      [{ NATS_GOMAXPROCS: '2' }, '2'],
    ] as const) {
      const stack = await startStack({ ...(await configFor({}, env)), NATS_URL: undefined });
      try {
        const nats = stack.processes.find((managed) => managed.name === 'nats');
        expect(nats?.child.exitCode).toBeNull();
        expect(fs.readFileSync(`/proc/${nats!.child.pid}/environ`, 'utf8').split('\0')).toContain(`GOMAXPROCS=${threads}`);
      } finally {
        await stack.stop();
      }
    }
  });

  it("lets identity bind its pages' port itself and gives the URL it reported to the gateway and stack.json", async () => {
    const config = await configFor({});
    const stack = await startStack(config);
    try {
      const written = JSON.parse(fs.readFileSync(path.join(root, 'data/stack.json'), 'utf8')) as { identity_http_url: string };
      expect(written.identity_http_url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(new URL(written.identity_http_url).port).not.toBe('0');
      const throughGateway = await fetch(`http://127.0.0.1:${config.PORT}/identity-pages`);
      expect(await throughGateway.text()).toBe('identity pages, IDENTITY_HTTP_PORT=0');
      expect(await (await fetch(written.identity_http_url)).text()).toBe('identity pages, IDENTITY_HTTP_PORT=0');
    } finally {
      await stack.stop();
    }
  });

  it("passes the launcher's IDENTITY_HTTP_PORT to identity when it is set", async () => {
    const port = await freePort();
    const config = await configFor({}, { IDENTITY_HTTP_PORT: String(port) });
    const stack = await startStack(config);
    try {
      const written = JSON.parse(fs.readFileSync(path.join(root, 'data/stack.json'), 'utf8')) as { identity_http_url: string };
      expect(written.identity_http_url).toBe(`http://127.0.0.1:${port}`);
      const throughGateway = await fetch(`http://127.0.0.1:${config.PORT}/identity-pages`);
      expect(await throughGateway.text()).toBe(`identity pages, IDENTITY_HTTP_PORT=${port}`);
    } finally {
      await stack.stop();
    }
  });

  it('fails, starting no gateway, when identity reports ready without the URL of its pages', async () => {
    const failing = startStack(await configFor({ identity: 'bare-ready' }));
    await expect(failing).rejects.toThrow('identity reported ready without the URL of its pages (urls.identity_pages)');
    expect(printed.join('')).not.toContain('[gateway]');
    expect(startedPids().filter(isAlive)).toEqual([]);
  });

  it('fails naming a service that exits before it reported ready, with its own reason printed, and stops the others', async () => {
    const failing = startStack(await configFor({ webhooks: 'fails' }));
    await expect(failing).rejects.toThrow('webhooks exited with code 1 before it reported ready');
    expect(printed.join('')).toContain('[webhooks] failed to start: WEBHOOK_SECRET_KEY must be 32 bytes');
    expect(printed.join('')).not.toContain('[gateway]');
    const pids = startedPids();
    expect(pids.length).toBeGreaterThan(0);
    expect(pids.filter(isAlive)).toEqual([]);
  });

  it('fails naming a service that never reports ready within STARTUP_TIMEOUT_MS', async () => {
    // Long enough for the other stand-ins to report ready on a loaded machine (at 1 s, identity was sometimes named).
    const failing = startStack(await configFor({ shipping: 'silent' }, { STARTUP_TIMEOUT_MS: '8000' }));
    await expect(failing).rejects.toThrow('shipping did not report ready within 8000 ms');
    expect(startedPids().filter(isAlive)).toEqual([]);
  });
});

/** The stand-in services that were started, by the pid each wrote beside its entry. */
function startedPids(): number[] {
  return SERVICE_NAMES.map((name) => path.join(root, `services/${name}/dist/pid`))
    .filter((file) => fs.existsSync(file))
    .map((file) => Number(fs.readFileSync(file, 'utf8')));
}
