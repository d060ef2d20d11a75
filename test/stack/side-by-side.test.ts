import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SERVICE_NAMES } from '@commerce/config';
import { freePort } from '@commerce/testing';
import { REPO_ROOT, createStoreWithCli, startStack, stackEnvironment, storectl, type StackHandle } from '../support/stack.harness';

// Two checkouts' stacks on one machine, each started as `npm start` starts it with nothing set but its data directory
// and gateway port: the launcher picks the services' ports, storectl finds its own stack through DATA_DIR, and a
// third start on a port or a data directory that is taken stops with a last line saying which setting to change.

/** The launcher run to its end (it stops before starting anything here), its stdout and stderr in one file, in order. */
async function launcherOutput(env: NodeJS.ProcessEnv): Promise<{ code: number | null; lines: string[] }> {
  const log = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'launcher-log-')), 'output.log');
  const fd = fs.openSync(log, 'w');
  try {
    const child = spawn(process.execPath, [path.join(REPO_ROOT, 'deploy/launcher/dist/main.js')], {
      env,
      cwd: REPO_ROOT,
      stdio: ['ignore', fd, fd],
    });
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    return { code, lines: fs.readFileSync(log, 'utf8').trimEnd().split('\n') };
  } finally {
    fs.closeSync(fd);
    fs.rmSync(path.dirname(log), { recursive: true, force: true });
  }
}

const dataDirs: string[] = [];
const newDataDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stack-twin-'));
  dataDirs.push(dir);
  return dir;
};

describe('two stacks side by side', () => {
  const stacks: StackHandle[] = [];
  let first: StackHandle;
  let second: StackHandle;

  beforeAll(async () => {
    first = await startStack(await stackEnvironment(newDataDir()));
    stacks.push(first);
    second = await startStack(await stackEnvironment(newDataDir()));
    stacks.push(second);
  });

  afterAll(async () => {
    for (const stack of stacks) await stack.stop();
    for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('both answer, their services on ports the launcher picked, none of them shared', async () => {
    for (const stack of [first, second]) expect((await fetch(`${stack.baseUrl}/healthz`)).status).toBe(200);
    const ports = [first, second].flatMap((stack) =>
      Object.values(stack.info().grpc_addresses).map((address) => Number(address.split(':')[1])),
    );
    expect(ports).toHaveLength(2 * SERVICE_NAMES.length);
    expect(new Set(ports).size).toBe(2 * SERVICE_NAMES.length);
    expect(ports.filter((port) => port >= 50_151 && port <= 50_157)).toEqual([]);
  });

  it("lets storectl create a store in the stack of its DATA_DIR, never in the other's", async () => {
    const inFirst = await createStoreWithCli(first.env, 'twinshop');
    const inSecond = await createStoreWithCli(second.env, 'twinshop');
    const storeOf = (stack: StackHandle, key: string) => fetch(`${stack.baseUrl}/v1/store`, { headers: { 'API-KEY': key } });
    expect((await storeOf(first, inFirst.api_key)).status).toBe(200);
    expect((await storeOf(second, inSecond.api_key)).status).toBe(200);
    expect((await storeOf(second, inFirst.api_key)).status).toBe(401);
    expect((await storeOf(first, inSecond.api_key)).status).toBe(401);
  });

  it("stops a third start on the first stack's PORT, the last line naming PORT", async () => {
    const { code, lines } = await launcherOutput({ ...(await stackEnvironment(newDataDir())), PORT: first.env.PORT });
    expect(code).toBe(1);
    expect(lines.at(-1)).toMatch(
      new RegExp(
        `^Could not start the stack: port ${first.env.PORT} \\(PORT, the gateway's\\) is taken, by another program or ` +
          `another stack: set PORT to a free port, e\\.g\\. PORT=\\d+ npm start\\.$`,
      ),
    );
  });

  it('stops a third start told to use a service port the first stack holds, its last line naming that address setting', async () => {
    const catalog = first.info().grpc_addresses.catalog!;
    const { code, lines } = await launcherOutput({ ...(await stackEnvironment(newDataDir())), CATALOG_GRPC_ADDR: catalog });
    expect(code).toBe(1);
    expect(lines.at(-1)).toBe(
      `Could not start the stack: port ${catalog.split(':')[1]} (CATALOG_GRPC_ADDR, catalog's gRPC server's) is ` +
        `taken, by another program or another stack: unset CATALOG_GRPC_ADDR and npm start picks a free port.`,
    );
  });

  it("stops a third start on the first stack's DATA_DIR, whose databases it would share", async () => {
    const { code, lines } = await launcherOutput({ ...first.env, PORT: String(await freePort()) });
    expect(code).toBe(1);
    expect(lines.at(-1)).toBe(
      `Could not start the stack: a stack already runs on DATA_DIR ${first.env.DATA_DIR} (launcher ` +
        `pid ${first.info().launcher_pid}, API at http://localhost:${first.env.PORT}): stop it, or set DATA_DIR to ` +
        `another directory to run a second stack.`,
    );
  });
});

describe("storectl's messages", () => {
  afterAll(() => {
    for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('says in a sentence that no stack runs for its DATA_DIR, and how to start one', async () => {
    const dataDir = newDataDir();
    const result = await storectl({ ...process.env, DATA_DIR: dataDir }, ['key', 'rotate', '--store', '1']);
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(
      `No stack is running for DATA_DIR ${dataDir} (it has no stack.json): start one with \`npm start\` in this ` +
        `checkout, or set DATA_DIR to the data directory of the stack to use.\n`,
    );
  });

  it('says the stack has stopped when its launcher is gone', async () => {
    const dataDir = newDataDir();
    const gone = spawn(process.execPath, ['-e', '']);
    await new Promise((resolve) => gone.once('exit', resolve));
    fs.writeFileSync(
      path.join(dataDir, 'stack.json'),
      JSON.stringify({ launcher_pid: gone.pid, grpc_addresses: { identity: '127.0.0.1:1' } }),
    );
    const result = await storectl({ ...process.env, DATA_DIR: dataDir }, ['key', 'rotate', '--store', '1']);
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(
      `The stack of DATA_DIR ${dataDir} is not running: its launcher (pid ${gone.pid}) has exited. Start it again with \`npm start\`.\n`,
    );
  });

  it('names the service that does not answer, its address and where that came from', async () => {
    const dataDir = newDataDir();
    const address = `127.0.0.1:${await freePort()}`;
    fs.writeFileSync(
      path.join(dataDir, 'stack.json'),
      JSON.stringify({ launcher_pid: process.pid, grpc_addresses: { identity: address } }),
    );
    const result = await storectl({ ...process.env, DATA_DIR: dataDir }, ['key', 'rotate', '--store', '1']);
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(
      `The identity service does not answer at ${address} (from ${dataDir}/stack.json): the stack may have stopped or ` +
        `still be starting. Check the terminal running \`npm start\`, or start it again.\n`,
    );
  });

  it.each([
    [['store', 'create', '--name', 'Tea Shop'], 'store create needs --subdomain, --email and --password.'],
    [['store', 'create', '--nme', 'Tea Shop'], 'Unknown option --nme.'],
    [['store', 'delete'], 'storectl has no command "store delete".'],
    [['key', 'rotate', '--store', 'teashop'], 'key rotate needs --store ID, a store id (a whole number).'],
  ])('answers %j with a sentence, then the usage (exit code 2)', async (args, sentence) => {
    const result = await storectl({ ...process.env, DATA_DIR: newDataDir() }, args);
    expect(result.code).toBe(2);
    expect(result.stderr.split('\n\n')[0]).toBe(sentence);
    expect(result.stderr).toContain('Usage: npm run storectl -- <command> [options]');
  });
});
