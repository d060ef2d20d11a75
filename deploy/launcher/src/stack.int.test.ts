// startStack on a repository of stand-in processes (plain scripts at each built entry): the order the launcher starts
// them in and what it says when a service does not come up, without building or running the real ones.
import fs from 'node:fs';
import path from 'node:path';
import { SERVICE_NAMES } from '@commerce/config';
import { freePort, removeDir, tempDir } from '@commerce/testing';
import { loadLauncherConfig, type LauncherConfig } from './config';
import { startStack } from './stack';

/** How a stand-in service behaves: reports ready as ServiceHost.run does, fails its start, or never answers. */
type Behaviour = 'ready' | 'fails' | 'silent';

const SERVICE_SCRIPTS: Record<Behaviour, string> = {
  ready: "process.send({ type: 'ready' }, () => process.disconnect());\nsetInterval(() => {}, 1000);\n",
  fails: "process.stderr.write('failed to start: WEBHOOK_SECRET_KEY must be 32 bytes\\n');\nprocess.exit(1);\n",
  silent: 'setInterval(() => {}, 1000);\n',
};
const PID_FILE = "require('node:fs').writeFileSync(require('node:path').join(__dirname, 'pid'), String(process.pid));\n";
const GATEWAY_SCRIPT = "require('node:http').createServer((req, res) => res.writeHead(req.url === '/healthz' ? 200 : 404).end()).listen(Number(process.env.PORT), '127.0.0.1');\n";

let root: string;
let printed: string[];

function writeEntry(relativePath: string, script: string): void {
  const file = path.join(root, relativePath);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, script);
}

/** A launcher config for a repository whose services behave as `overrides` says (ready otherwise). */
async function configFor(overrides: Partial<Record<string, Behaviour>>, env: NodeJS.ProcessEnv = {}): Promise<LauncherConfig> {
  for (const name of SERVICE_NAMES) writeEntry(`services/${name}/dist/main.js`, PID_FILE + SERVICE_SCRIPTS[overrides[name] ?? 'ready']);
  writeEntry('gateway/dist/main.js', GATEWAY_SCRIPT);
  // NATS_URL set: no nats-server is started (the stand-ins connect to nothing).
  const config = loadLauncherConfig({ DATA_DIR: path.join(root, 'data'), PORT: String(await freePort()), NATS_URL: 'nats://127.0.0.1:1', ...env });
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
  printed = [];
  jest.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
    printed.push(String(chunk));
    return true;
  });
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
    const failing = startStack(await configFor({ shipping: 'silent' }, { STARTUP_TIMEOUT_MS: '1000' }));
    await expect(failing).rejects.toThrow('shipping did not report ready within 1000 ms');
    expect(startedPids().filter(isAlive)).toEqual([]);
  });
});

/** The stand-in services that were started, by the pid each wrote beside its entry. */
function startedPids(): number[] {
  return SERVICE_NAMES.map((name) => path.join(root, `services/${name}/dist/pid`))
    .filter((file) => fs.existsSync(file))
    .map((file) => Number(fs.readFileSync(file, 'utf8')));
}
