'use strict';
// The live event stream (issue 35, docs/webhooks.md#the-live-event-stream), read as apps read it: through
// @commerce/sdk's client.events(). BENCH_STREAM_STORES stores (20), each with BENCH_STREAM_PER_STORE open streams (5,
// the per-credential bound). (a) the gateway's and the webhooks service's memory with no stream, then with every
// stream open and idle. (b) a steady BENCH_STREAM_RATE product/updated events/s (100) for BENCH_STREAM_STEADY_S
// seconds (20), published on the catalog stream as catalog publishes them, round-robin over the stores: from each
// event's publication to its arrival on each of its store's streams, p50/p99/max, and events lost or seen twice.
const os = require('node:os');
const { connect } = require('nats');
const { encodeEvent, ensureStream, eventSubject, newEvent } = require('@commerce/events');
const { createClient } = require('@commerce/sdk');
const {
  envNumber,
  log,
  sleep,
  createBenchStore,
  memoryOf,
  processTree,
  untilIdle,
  atSteadyRate,
  formatTable,
  fmt,
} = require('./bench-kit');

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

/** RSS of a process and its descendants (the gateway's workers), in kB. */
const treeRssKb = (pid) => processTree(pid).reduce((sum, one) => sum + (memoryOf(one)?.rssKb ?? 0), 0);

async function runEventStreamBench(stack, settings) {
  const storeCount = envNumber('BENCH_STREAM_STORES', 20);
  const perStore = envNumber('BENCH_STREAM_PER_STORE', 5);
  const rate = envNumber('BENCH_STREAM_RATE', 100);
  const steadyS = envNumber('BENCH_STREAM_STEADY_S', 20);
  const { gateway: gatewayPid, webhooks: webhooksPid } = stack.pids;
  if (!gatewayPid || !webhooksPid) throw new Error(`the stack has no gateway or webhooks (${Object.keys(stack.pids).join(', ')})`);

  log(`creating ${storeCount} stores`);
  const stores = [];
  for (let index = 0; index < storeCount; index++) {
    const created = await createBenchStore(stack.env, `Stream Bench ${index}`, `sse${index}x`);
    stores.push({ id: created.store.id, apiKey: created.api_key });
  }
  const nc = await connect({ servers: stack.natsUrl });
  await ensureStream(await nc.jetstreamManager(), 'catalog');
  const js = nc.jetstream();
  let sequence = 0;
  /** A product/updated of the store, as catalog publishes it; answers its id and when it was published. */
  const publish = async (storeId) => {
    const event = newEvent({
      topic: 'product/updated',
      storeId,
      resourceType: 'product',
      resourceId: 1,
      sequence: ++sequence,
      resource: { id: 1, name: `Bench ${sequence}` },
    });
    const at = performance.now();
    await js.publish(eventSubject('catalog', event), encodeEvent(event), { msgID: event.id });
    return { id: event.id, storeId, at };
  };

  await untilIdle(stack, { maxS: 30 });
  const before = { gatewayKb: treeRssKb(gatewayPid), webhooksKb: treeRssKb(webhooksPid) };

  // Every stream of every store, each noting when each event arrived (and how often).
  const stop = new AbortController();
  const arrivals = new Map(); // `${stream}:${eventId}` → [times]
  const streams = [];
  for (const store of stores) {
    const client = createClient({ baseUrl: stack.baseUrl, apiKey: store.apiKey });
    for (let index = 0; index < perStore; index++) {
      const name = `${store.id}/${index}`;
      const reading = (async () => {
        for await (const event of client.events({ topics: ['product/updated'], signal: stop.signal })) {
          const key = `${name}:${event.id}`;
          arrivals.set(key, [...(arrivals.get(key) ?? []), performance.now()]);
        }
      })();
      streams.push({ name, storeId: store.id, reading });
    }
  }
  // A stream reads from the moment it opened: one warm-up event per store until every stream has had one.
  log(`opening ${streams.length} streams`);
  const warmed = new Set();
  for (let round = 0; warmed.size < streams.length; round++) {
    if (round > 60) throw new Error(`only ${warmed.size} of ${streams.length} streams opened in a minute`);
    const warmups = await Promise.all(stores.map((store) => publish(store.id)));
    await sleep(1_000);
    for (const stream of streams)
      if (warmups.some(({ id, storeId }) => storeId === stream.storeId && arrivals.has(`${stream.name}:${id}`))) warmed.add(stream.name);
  }
  await untilIdle(stack, { maxS: 30 });
  const open = { gatewayKb: treeRssKb(gatewayPid), webhooksKb: treeRssKb(webhooksPid) };

  // Two rounds: memory that grows again in the second would be kept per event, not the heap's high-water mark.
  const rounds = [];
  for (let round = 1; round <= 2; round++) {
    log(`(b) round ${round}: ${rate} events/s for ${steadyS} s over ${storeCount} stores`);
    rounds.push(await steadyRound(publish, stores, streams, arrivals, rate, steadyS));
    await untilIdle(stack, { maxS: 30 });
    rounds.at(-1).memory = { gatewayKb: treeRssKb(gatewayPid), webhooksKb: treeRssKb(webhooksPid) };
  }
  const loadAverage = os.loadavg();
  stop.abort();
  await Promise.allSettled(streams.map(({ reading }) => reading));
  await nc.close();

  await untilIdle(stack, { maxS: 30 });
  const closed = { gatewayKb: treeRssKb(gatewayPid), webhooksKb: treeRssKb(webhooksPid) };

  const results = { settings, loadAverage, streams: streams.length, rounds, memory: { before, open, closed } };
  results.verdict = report(results, rate);
  return results;
}

/** One steady run: events published at `rate`/s round-robin over the stores, each timed to its arrival on each stream. */
async function steadyRound(publish, stores, streams, arrivals, rate, steadyS) {
  const published = await atSteadyRate(rate, steadyS, (index) => publish(stores[index % stores.length].id));
  const expected = published.flatMap((event) =>
    streams.filter((stream) => stream.storeId === event.storeId).map((stream) => ({ event, stream })),
  );
  const deadline = performance.now() + 60_000;
  while (expected.some(({ event, stream }) => !arrivals.has(`${stream.name}:${event.id}`)) && performance.now() < deadline)
    await sleep(100);
  const latencies = expected
    .map(({ event, stream }) => (arrivals.get(`${stream.name}:${event.id}`)?.[0] ?? Infinity) - event.at)
    .sort((a, b) => a - b);
  const keys = new Set(expected.map(({ event, stream }) => `${stream.name}:${event.id}`));
  return {
    events: published.length,
    count: latencies.length,
    p50Ms: percentile(latencies, 50),
    p99Ms: percentile(latencies, 99),
    maxMs: latencies.at(-1),
    missing: latencies.filter((ms) => !Number.isFinite(ms)).length,
    twice: [...keys].filter((key) => (arrivals.get(key)?.length ?? 0) > 1).length,
  };
}

function report(results, rate) {
  const { rounds, memory } = results;
  const mb = (kb) => fmt(kb / 1024, 1);
  const out = [''];
  out.push(
    `event stream — machine: ${os.cpus().length} cores, node ${process.version}; ` +
      `load average at the end ${results.loadAverage.map((n) => n.toFixed(2)).join(', ')}`,
  );
  out.push('');
  for (const [index, round] of rounds.entries()) {
    out.push(
      `(b) round ${index + 1}: ${round.events} product/updated events at ${rate}/s to ${results.streams} open streams ` +
        `(SDK client.events()): ${round.count} arrivals, from publication to arrival`,
    );
    out.push(`    p50 ${fmt(round.p50Ms)} ms   p99 ${fmt(round.p99Ms)} ms   max ${fmt(round.maxMs)} ms`);
    out.push(`    missing ${round.missing}   seen twice ${round.twice}`);
  }
  out.push('');
  out.push('(a) memory (MB, RSS; the gateway with its workers):');
  out.push(
    formatTable([
      ['when', 'gateway', 'webhooks'],
      ['no stream', mb(memory.before.gatewayKb), mb(memory.before.webhooksKb)],
      [`${results.streams} streams open, idle`, mb(memory.open.gatewayKb), mb(memory.open.webhooksKb)],
      ...rounds.map((round, index) => [`after round ${index + 1}, idle`, mb(round.memory.gatewayKb), mb(round.memory.webhooksKb)]),
      ['every stream closed, idle', mb(memory.closed.gatewayKb), mb(memory.closed.webhooksKb)],
    ]),
  );
  const invalid = [];
  const missing = rounds.reduce((sum, round) => sum + round.missing, 0);
  const twice = rounds.reduce((sum, round) => sum + round.twice, 0);
  if (missing > 0) invalid.push(`${missing} arrivals never came`);
  if (twice > 0) invalid.push(`${twice} events arrived twice on one stream`);
  if (invalid.length > 0) out.push(`!!! INVALID RUN: ${invalid.join('; ')}`);
  process.stdout.write(`${out.join('\n')}\n`);
  return { p50Ms: rounds[0].p50Ms, p99Ms: rounds[0].p99Ms, invalid };
}

module.exports = { runEventStreamBench };
