import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { waitFor } from '@commerce/testing';
import { createStoreWithCli, startStack, stackEnvironment, storectl, type StackHandle } from '../support/stack.harness';

/** The gateway's worker processes: the children of the pid stack.json records for it. */
function workerPids(gatewayPid: number): number[] {
  return fs.readFileSync(`/proc/${gatewayPid}/task/${gatewayPid}/children`, 'utf8').split(' ').filter(Boolean).map(Number);
}

describe('the gateway as a pool of worker processes', () => {
  let dataDir: string;
  let stack: StackHandle;
  let apiKey: string;
  let storeId: number;
  let env: NodeJS.ProcessEnv;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stack-workers-'));
    env = { ...(await stackEnvironment(dataDir)), GATEWAY_WORKERS: '3' };
    stack = await startStack(env);
    const created = await createStoreWithCli(env, 'poolshop');
    apiKey = created.api_key;
    storeId = created.store.id;
  });

  afterAll(async () => {
    await stack?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  // A fresh connection per request, so no request rides a socket of a worker that was just killed.
  const getStore = (key = apiKey) =>
    fetch(`${stack.baseUrl}/v1/store.json`, { headers: { 'API-KEY': key, connection: 'close' }, signal: AbortSignal.timeout(5_000) });
  const statusesOf = async (key: string, count = 12) =>
    Promise.all(Array.from({ length: count }, async () => (await getStore(key)).status));

  it('serves with as many workers as GATEWAY_WORKERS asks', async () => {
    const gatewayPid = stack.info().pids.gateway;
    await waitFor(() => workerPids(gatewayPid).length === 3, { timeoutMs: 10_000, message: 'three gateway workers' });
    const statuses = await Promise.all(Array.from({ length: 12 }, async () => (await getStore()).status));
    expect(statuses).toEqual(Array(12).fill(200));
  });

  it('replaces a worker that dies, and keeps answering meanwhile', async () => {
    const gatewayPid = stack.info().pids.gateway;
    const [victim, ...survivors] = workerPids(gatewayPid);
    process.kill(victim, 'SIGKILL');
    // Connections the primary handed to the worker as it died are lost, as with any crashed replica;
    // ask once the primary has reaped it (and so stopped handing it connections).
    await waitFor(() => !fs.existsSync(`/proc/${victim}`), {
      timeoutMs: 5_000,
      message: `worker ${victim} to die`,
    });

    const during = await Promise.all(Array.from({ length: 6 }, async () => (await getStore()).status));
    expect(during).toEqual(Array(6).fill(200));

    const replaced = await waitFor(
      () => {
        const now = workerPids(gatewayPid);
        return now.length === 3 && !now.includes(victim) && survivors.every((pid) => now.includes(pid)) ? now : undefined;
      },
      { timeoutMs: 10_000, message: 'a replacement gateway worker' },
    );
    expect(replaced).toHaveLength(3);
    expect((await getStore()).status).toBe(200);
  });

  it('kills a rotated key on every worker within seconds, though each had it cached', async () => {
    expect(await statusesOf(apiKey)).toEqual(Array(12).fill(200)); // every worker has the key cached now
    const rotated = await storectl(env, ['key', 'rotate', '--store', String(storeId)]);
    const newKey = (rotated.json as { api_key: string }).api_key;
    await waitFor(async () => (await statusesOf(apiKey)).every((status) => status === 401), {
      timeoutMs: 5_000,
      message: 'the old key refused by every worker',
    });
    expect(await statusesOf(newKey)).toEqual(Array(12).fill(200));
    apiKey = newKey;
  });

  it('stops every worker when the stack stops', async () => {
    const gatewayPid = stack.info().pids.gateway;
    const workers = workerPids(gatewayPid);
    expect(await stack.stop()).toBe(0);
    for (const pid of [gatewayPid, ...workers]) expect(fs.existsSync(`/proc/${pid}`)).toBe(false);
  });
});
