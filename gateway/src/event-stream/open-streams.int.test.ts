// The per-credential bound of live event streams across gateway processes (docs/webhooks.md#the-live-event-stream): each
// process shares its open streams on a real nats-server, and a process that stopped is forgotten.
import { startNatsServer, waitFor, type NatsServerHandle } from '@commerce/testing';
import { connect, type NatsConnection } from 'nats';
import type { Principal } from '../auth/principal';
import { OpenStreams } from './open-streams';

let server: NatsServerHandle;
const connections: NatsConnection[] = [];
const sharing: Array<{ stop(): void }> = [];
let nextKey = 1;

beforeAll(async () => {
  server = await startNatsServer();
});
afterEach(async () => {
  for (const share of sharing.splice(0)) share.stop();
  await Promise.all(connections.splice(0).map((nc) => nc.close()));
});
afterAll(async () => {
  await server?.stop();
});

/** A gateway process: its own connection and registry, bounded at two streams per credential. */
async function aProcess(): Promise<OpenStreams> {
  const nc = await connect({ servers: server.url });
  connections.push(nc);
  const streams = new OpenStreams(2);
  sharing.push(streams.share(nc));
  await nc.flush();
  return streams;
}

const aKey = (): Extract<Principal, { kind: 'api_key' }> => ({ kind: 'api_key', storeId: 7, keyId: `key-${nextKey++}` });

it("counts the other processes' streams of the credential, and frees the place when one closes", async () => {
  const [one, two] = [await aProcess(), await aProcess()];
  const key = aKey();
  const first = one.admit(key, () => undefined)!;
  expect(two.admit(key, () => undefined)).toBeDefined();
  await waitFor(() => one.countOf('key:' + key.keyId) === 2 || undefined, { timeoutMs: 5_000 });
  expect(one.admit(key, () => undefined)).toBeUndefined();
  // Another credential has its own count.
  expect(one.admit(aKey(), () => undefined)).toBeDefined();

  first.close();
  await waitFor(() => two.countOf('key:' + key.keyId) === 1 || undefined, { timeoutMs: 5_000 });
  expect(two.admit(key, () => undefined)).toBeDefined();
});

it('forgets the streams of a process that stopped sharing', async () => {
  const [one, two] = [await aProcess(), await aProcess()];
  const key = aKey();
  one.admit(key, () => undefined);
  one.admit(key, () => undefined);
  await waitFor(() => two.countOf('key:' + key.keyId) === 2 || undefined, { timeoutMs: 5_000 });
  sharing.shift()!.stop();
  await waitFor(() => two.countOf('key:' + key.keyId) === 0 || undefined, { timeoutMs: 8_000 });
});
