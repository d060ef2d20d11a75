// untilReady on real child processes: the notice over IPC, and each way a child can fail to give it.
import { startProcess, type ManagedProcess } from './child-process';
import { untilReady } from './ready';
import { capturePrinted } from './printed.fixture';

const started: ManagedProcess[] = [];
let printed: string[] = [];

/** A Node child running `script`, given an IPC channel as the launcher gives its services. */
function child(name: string, script: string, command = process.execPath): ManagedProcess {
  const managed = startProcess(
    name,
    command,
    ['-e', script],
    process.env,
    0,
    process.cwd(),
    { colorize: false, readable: false },
    { notifiesReady: true },
  );
  started.push(managed);
  return managed;
}

beforeEach(() => {
  printed = capturePrinted();
});
afterEach(async () => {
  jest.restoreAllMocks();
  await Promise.all(started.splice(0).map((managed) => managed.stop()));
});

describe('waiting for a service to report ready', () => {
  it('resolves on the notice, and the channel is closed on both ends afterwards', async () => {
    const managed = child(
      'catalog',
      "setTimeout(() => process.send({ type: 'ready' }, () => process.disconnect()), 200); setInterval(() => {}, 1000);",
    );
    await expect(untilReady(managed, 5_000)).resolves.toEqual({ type: 'ready', urls: {} });
    expect(managed.child.connected).toBe(false);
    expect(managed.child.exitCode).toBeNull();
  });

  it('resolves with what the notice carries: the URLs the service chose at start', async () => {
    const managed = child(
      'identity',
      "process.send({ type: 'ready', urls: { identity_pages: 'http://127.0.0.1:41234' } }, () => " +
        'process.disconnect()); setInterval(() => {}, 1000);',
    );
    await expect(untilReady(managed, 5_000)).resolves.toEqual({ type: 'ready', urls: { identity_pages: 'http://127.0.0.1:41234' } });
  });

  it('closes its own end when a service sends the notice and keeps its channel open', async () => {
    const managed = child(
      'orders',
      "process.send({ type: 'ready' }); process.on('disconnect', () => console.log('parent closed')); setInterval(() => {}, 1000);",
    );
    await untilReady(managed, 5_000);
    expect(managed.child.connected).toBe(false);
  });

  it('fails with the name and the exit code of a service that exits first, after its own reason is printed', async () => {
    const managed = child('catalog', "console.error('failed to start: MONGO_URL is not a mongodb:// URL'); process.exit(3);");
    await expect(untilReady(managed, 5_000)).rejects.toThrow('catalog exited with code 3 before it reported ready');
    expect(printed.join('')).toContain('[catalog] failed to start: MONGO_URL is not a mongodb:// URL');
  });

  it('fails with the signal that ended it', async () => {
    const managed = child('shipping', "process.kill(process.pid, 'SIGKILL');");
    await expect(untilReady(managed, 5_000)).rejects.toThrow('shipping was killed by SIGKILL before it reported ready');
  });

  it('fails when the deadline passes without a notice, whatever else it sends', async () => {
    const managed = child('webhooks', "process.send({ type: 'starting' }); setInterval(() => {}, 1000);");
    await expect(untilReady(managed, 500)).rejects.toThrow('webhooks did not report ready within 500 ms');
  });

  it('fails when the process cannot be started at all', async () => {
    const managed = child('identity', '', '/nonexistent/node');
    await expect(untilReady(managed, 5_000)).rejects.toThrow('identity could not be started');
    expect(printed.join('')).toContain('[identity] failed to start: spawn /nonexistent/node ENOENT');
  });
});
