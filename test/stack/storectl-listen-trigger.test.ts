import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createClient, verifyWebhook, type WebhookEvent } from '@commerce/sdk';
import { trigger as triggerTopic } from '../../deploy/storectl/src/dev/trigger.command';
import { TRIGGERABLE_TOPICS } from '../../deploy/storectl/src/dev/trigger-plans';
import { freePort, waitFor } from '@commerce/testing';
import { createStoreWithCli, startStack, stackEnvironment, storectl, type StackHandle } from '../support/stack.harness';

/**
 * `storectl listen` and `storectl trigger` (docs/build-an-app.md#develop-locally-storectl-listen-and-trigger) against
 * the real stack, as a developer runs them: listen forwards the store's events to a receiver on loopback, which
 * verifies each with the SDK and the secret listen printed; trigger makes the events happen through the public API.
 * No webhook is created and the stack keeps refusing private webhook targets: listen needs neither.
 */

const REPO_ROOT = path.resolve(__dirname, '../..');

let stack: StackHandle;
let dataDir: string;
let apiKey: string;

/** A local app's webhook endpoint: verifies with `secret()` and keeps what arrived. */
interface Receiver {
  url: string;
  received: Array<{ id: string; event: WebhookEvent }>;
  refused: number;
  close(): Promise<void>;
}

async function startReceiver(secret: () => string | undefined): Promise<Receiver> {
  const receiver = { received: [], refused: 0 } as unknown as Receiver;
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      try {
        const event = verifyWebhook(secret() ?? '', request.headers, Buffer.concat(chunks));
        receiver.received.push({ id: String(request.headers['webhook-id']), event });
        response.writeHead(204).end();
      } catch {
        receiver.refused++;
        response.writeHead(400).end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
  receiver.close = () => new Promise((resolve) => server.close(() => resolve()));
  return receiver;
}

/** `storectl listen` as its own process; its stdout read line by line as JSON. */
function startListen(args: string[]): {
  child: ChildProcessWithoutNullStreams;
  lines: Array<Record<string, unknown>>;
  stderr: () => string;
} {
  const child = spawn(process.execPath, [path.join(REPO_ROOT, 'deploy/storectl/dist/main.js'), 'listen', ...args], {
    env: stack.env,
    cwd: REPO_ROOT,
  });
  const lines: Array<Record<string, unknown>> = [];
  let buffered = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => {
    buffered += chunk.toString('utf8');
    for (let end = buffered.indexOf('\n'); end >= 0; end = buffered.indexOf('\n')) {
      lines.push(JSON.parse(buffered.slice(0, end)) as Record<string, unknown>);
      buffered = buffered.slice(end + 1);
    }
  });
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  return { child, lines, stderr: () => stderr };
}

const trigger = (topic: string, key = apiKey) => storectl(stack.env, ['trigger', topic, '--api-key', key, '--url', stack.baseUrl]);
const exited = (child: ChildProcessWithoutNullStreams) =>
  new Promise<number | null>((resolve) => (child.exitCode !== null ? resolve(child.exitCode) : child.once('exit', resolve)));

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stack-devcli-'));
  stack = await startStack(await stackEnvironment(dataDir));
  ({ api_key: apiKey } = await createStoreWithCli(stack.env, 'devcli'));
});

afterAll(async () => {
  await stack?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('storectl listen with storectl trigger', () => {
  it('forwards each event the trigger fires as a signed webhook delivery the SDK verifies, one line each, until Ctrl-C', async () => {
    const session: { secret?: string } = {};
    const receiver = await startReceiver(() => session.secret);
    const listen = startListen(['--api-key', apiKey, '--url', stack.baseUrl, '--forward-to', receiver.url]);
    await waitFor(() => listen.lines.length > 0, { timeoutMs: 15_000, intervalMs: 50, message: `listen's secret (${listen.stderr()})` });
    session.secret = listen.lines[0]!.secret as string;
    // The stream starts from now once it is open: trigger until the first product/created arrives.
    let made: { topic: string; made: Array<{ kind: string; id: number }> } | undefined;
    await waitFor(
      async () => {
        made = (await trigger('product/created')).json as typeof made;
        return receiver.received.some(({ event }) => event.type === 'product/created' && event.data.id === made!.made[0]!.id);
      },
      { timeoutMs: 30_000, intervalMs: 500, message: 'a triggered product/created at the receiver' },
    );
    const paid = (await trigger('order/paid')).json as { made: Array<{ kind: string; id: number }> };
    const orderId = paid.made.find(({ kind }) => kind === 'order')!.id;
    await waitFor(() => receiver.received.some(({ event }) => event.type === 'order/paid' && event.data.id === orderId), {
      timeoutMs: 30_000,
      intervalMs: 100,
      message: 'order/paid at the receiver',
    });
    listen.child.kill('SIGINT');
    const code = await exited(listen.child);
    await receiver.close();

    expect(session.secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    expect(code).toBe(0);
    expect(receiver.refused).toBe(0);
    const deliveries = listen.lines.slice(1);
    // One line per delivery, each naming the event the receiver got under that webhook-id, with its answer.
    expect(deliveries.map(({ event_id }) => event_id)).toEqual(receiver.received.map(({ id }) => id));
    expect(deliveries.every((line) => line.status === 204 && typeof line.duration_ms === 'number')).toBe(true);
    const topics = receiver.received.map(({ event }) => event.type);
    expect(topics.indexOf('order/created')).toBeLessThan(topics.indexOf('order/paid'));
    expect(new Set(receiver.received.map(({ id }) => id)).size).toBe(receiver.received.length);
  });

  it('forwards only the topics --events names, and reports a receiver that is down instead of stopping', async () => {
    const nobody = `http://127.0.0.1:${await freePort()}/hooks`;
    const listen = startListen(['--api-key', apiKey, '--url', stack.baseUrl, '--forward-to', nobody, '--events', 'collection/created']);
    await waitFor(() => listen.lines.length > 0, { timeoutMs: 15_000, intervalMs: 50, message: "listen's secret" });
    let collectionId: number | undefined;
    await waitFor(
      async () => {
        await trigger('product/created');
        collectionId = ((await trigger('collection/created')).json as { made: Array<{ id: number }> }).made[0]!.id;
        return listen.lines.length > 2;
      },
      { timeoutMs: 30_000, intervalMs: 500, message: 'two forwarded collection/created' },
    );
    listen.child.kill('SIGTERM');
    await exited(listen.child);

    const deliveries = listen.lines.slice(1);
    expect(deliveries).toEqual(deliveries.map(() => expect.objectContaining({ topic: 'collection/created', error: 'ECONNREFUSED' })));
    expect(collectionId).toBeGreaterThan(0);
  });

  it('refuses what it cannot do, with a sentence and exit code 2: an unknown topic, app/uninstalled, no key, a bad --events', async () => {
    const unknown = await trigger('product/exploded');
    const uninstall = await trigger('app/uninstalled');
    const noKey = await storectl(stack.env, ['trigger', 'product/created']);
    const badEvents = await storectl(stack.env, ['listen', '--api-key', apiKey, '--forward-to', 'http://127.0.0.1:9/', '--events', 'nope']);

    expect(unknown).toMatchObject({ code: 2, stderr: expect.stringContaining('trigger knows no topic "product/exploded"') });
    expect(uninstall).toMatchObject({ code: 2, stderr: expect.stringContaining('fires when the store owner uninstalls an app') });
    expect(noKey).toMatchObject({ code: 2, stderr: expect.stringContaining('trigger needs --api-key KEY') });
    expect(badEvents).toMatchObject({ code: 2, stderr: expect.stringContaining('--events names topics that do not exist: nope') });
  });

  it('fires every public topic but app/uninstalled: each trigger is followed by its topic in the events feed', async () => {
    const api = createClient({ baseUrl: stack.baseUrl, apiKey });
    const feedAfter = async (sinceId: string | undefined) => {
      const events: Array<{ id: string; topic: string }> = [];
      const query = { limit: 250, ...(sinceId ? { since_id: sinceId } : {}) };
      for await (const event of api.paginate('/v1/events', { params: { query } })) events.push(event as { id: string; topic: string });
      return events;
    };
    const before = (await feedAfter(undefined)).at(-1)?.id;
    const missing: string[] = [];

    for (const topic of TRIGGERABLE_TOPICS) {
      const since = (await feedAfter(before)).at(-1)?.id ?? before;
      await triggerTopic(topic, { url: stack.baseUrl, apiKey });
      const fired = await waitFor(async () => (await feedAfter(since)).some((event) => event.topic === topic), {
        timeoutMs: 10_000,
        intervalMs: 100,
        message: topic,
      }).then(
        () => true,
        () => false,
      );
      if (!fired) missing.push(topic);
    }

    expect(TRIGGERABLE_TOPICS).toHaveLength(34);
    expect(missing).toEqual([]);
  });

  it("answers the API's refusal of a wrong key with exit code 1 and the error, making nothing", async () => {
    const refused = await trigger('product/created', 'sck_wrong');

    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/"error": ".+"/);
  });
});
