import { startNatsServer, waitFor, type NatsServerHandle } from '@commerce/testing';
import { connect, type NatsConnection } from 'nats';
import { LeakyBucket } from './leaky-bucket';
import { RATE_LIMIT_USAGE_SUBJECT, startRateLimitSync, type RateLimitSync } from './usage-sync';

const CAPACITY = 10;
// Slow enough that nothing drains while a test runs: `remaining` moves only by requests.
const LEAK_PER_SECOND = 0.001;
const SYNC_INTERVAL_MS = 20;
const DEADLINE = { timeoutMs: 5_000, intervalMs: 10 };

let server: NatsServerHandle;
const connections: NatsConnection[] = [];
const syncs: RateLimitSync[] = [];
let nextKey = 1;

/** A gateway replica: its own NATS connection, bucket and sync loop. */
async function startReplica(intervalMs = SYNC_INTERVAL_MS) {
  const nc = await connect({ servers: server.url });
  connections.push(nc);
  const bucket = new LeakyBucket({ capacity: CAPACITY, leakPerSecond: LEAK_PER_SECOND, trackLocalUsage: true });
  const sync = startRateLimitSync(nc, bucket, { intervalMs });
  syncs.push(sync);
  // A round trip: the server has the subscription before anyone publishes.
  await nc.flush();
  return { nc, bucket, sync };
}

/** Each test counts against its own credentials, so a late message of an earlier test cannot interfere. */
const freshKey = () => `store:${nextKey++}`;

function take(bucket: LeakyBucket, key: string, requests: number): void {
  for (let i = 0; i < requests; i++) expect(bucket.take(key).allowed).toBe(true);
}

function publishRaw(nc: NatsConnection, body: string): void {
  nc.publish(RATE_LIMIT_USAGE_SUBJECT, new TextEncoder().encode(body));
}

/**
 * Sends a well-formed report for a marker key from `nc` and waits until `bucket` applied it. NATS keeps
 * one publisher's messages in order, so everything `nc` published before was handled by then too.
 */
async function barrier(nc: NatsConnection, bucket: LeakyBucket): Promise<void> {
  const marker = freshKey();
  publishRaw(nc, JSON.stringify({ replica: 'barrier', usage: { [marker]: 1 } }));
  await waitFor(() => bucket.remaining(marker) === CAPACITY - 1, { ...DEADLINE, message: `the barrier message to reach the bucket` });
}

beforeAll(async () => {
  server = await startNatsServer();
});
afterEach(async () => {
  for (const sync of syncs.splice(0)) sync.stop();
  await Promise.all(connections.splice(0).map((nc) => nc.drain()));
});
afterAll(async () => {
  await server?.stop();
});

describe('startRateLimitSync', () => {
  it('makes requests admitted on one replica count on the others', async () => {
    const a = await startReplica();
    const b = await startReplica();
    const key = freshKey();

    take(a.bucket, key, 4);
    await waitFor(() => b.bucket.remaining(key) === CAPACITY - 4, {
      ...DEADLINE,
      message: 'replica B to count the 4 requests admitted by A',
    });

    take(b.bucket, key, 2);
    await waitFor(() => a.bucket.remaining(key) === CAPACITY - 6, {
      ...DEADLINE,
      message: 'replica A to count the 2 requests admitted by B',
    });
    expect(b.bucket.remaining(key)).toBe(CAPACITY - 6);
  });

  it('holds the limit across replicas: a credential that used its burst on A is refused on B', async () => {
    const a = await startReplica();
    const b = await startReplica();
    const key = freshKey();

    take(a.bucket, key, CAPACITY);
    await waitFor(() => b.bucket.remaining(key) === 0, { ...DEADLINE, message: 'replica B to see the burst used on A' });
    expect(b.bucket.take(key)).toMatchObject({ allowed: false, remaining: 0 });
  });

  it('ignores its own reports', async () => {
    const a = await startReplica();
    const b = await startReplica();
    const key = freshKey();

    take(a.bucket, key, 3);
    // B has it, so A's report is on the wire; the barrier from A's connection lands on A after it.
    await waitFor(() => b.bucket.remaining(key) === CAPACITY - 3, {
      ...DEADLINE,
      message: 'replica B to count the 3 requests admitted by A',
    });
    await barrier(a.nc, a.bucket);
    expect(a.bucket.remaining(key)).toBe(CAPACITY - 3);
  });

  it('ignores a report carrying its replica id, whoever sent it', async () => {
    const a = await startReplica();
    const key = freshKey();

    publishRaw(a.nc, JSON.stringify({ replica: a.sync.replicaId, usage: { [key]: 5 } }));
    await barrier(a.nc, a.bucket);
    expect(a.bucket.remaining(key)).toBe(CAPACITY);
  });

  it('ignores malformed reports and keeps listening', async () => {
    const a = await startReplica();
    const sender = await connect({ servers: server.url });
    connections.push(sender);
    const key = freshKey();

    for (const body of [
      'not json',
      'null',
      '[]',
      JSON.stringify({ usage: { [key]: 3 } }),
      JSON.stringify({ replica: '', usage: { [key]: 3 } }),
      JSON.stringify({ replica: 42, usage: { [key]: 3 } }),
      JSON.stringify({ replica: 'other', usage: [3] }),
      JSON.stringify({ replica: 'other', usage: `${key}=3` }),
      JSON.stringify({ replica: 'other', usage: { [key]: '3' } }),
      JSON.stringify({ replica: 'other', usage: { [key]: -3 } }),
      JSON.stringify({ replica: 'other', usage: { [key]: 1.5 } }),
      JSON.stringify({ replica: 'other', usage: { [key]: null } }),
      JSON.stringify({ replica: 'other', usage: { ['k'.repeat(1_000)]: 3 } }),
    ]) {
      publishRaw(sender, body);
    }
    await barrier(sender, a.bucket);
    expect(a.bucket.remaining(key)).toBe(CAPACITY);
    expect(a.bucket.remaining('k'.repeat(1_000))).toBe(CAPACITY);

    // A report with good and bad entries keeps the good ones.
    publishRaw(sender, JSON.stringify({ replica: 'other', usage: { [key]: 2, bad: 'y' } }));
    await waitFor(() => a.bucket.remaining(key) === CAPACITY - 2, { ...DEADLINE, message: 'the well-formed entry to be applied' });
  });

  it('publishes what is left when stopped', async () => {
    const a = await startReplica(60_000);
    const b = await startReplica();
    const key = freshKey();

    take(a.bucket, key, 5);
    a.sync.stop();
    await waitFor(() => b.bucket.remaining(key) === CAPACITY - 5, {
      ...DEADLINE,
      message: 'replica B to hear the usage A flushed on stop',
    });
  });
});
