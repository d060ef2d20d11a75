'use strict';
// Webhooks (issue 14, item 6), through the whole stack, in one run:
//
// 1. latency: BENCH_WEBHOOKS_STORES (10) stores with BENCH_WEBHOOKS_PER_STORE (10) webhooks each (100 in all),
//    every one subscribed to product/updated and pointing at a receiver in this process (node:http on
//    loopback, answering 204 at once). Product renames go through the gateway at BENCH_WEBHOOKS_RATE (200)
//    events/s for BENCH_WEBHOOKS_DURATION_S (10) s, spread over the stores' products; each event is delivered to
//    its store's 10 webhooks. Latency of a delivery = its arrival at the receiver − the answer to the write that
//    caused it (both timed here, one clock); p50/p99 over every delivery (target p99 < 1 s).
// 2. sustained deliveries/s: BENCH_WEBHOOKS_BURST (3,000) renames as fast as 20 connections send them; the
//    deliveries they cause counted from the first arrival to the last (target >= 1,000/s).
//    The same again at BENCH_WEBHOOKS_LOW_RATE (50) events/s, a load the stack keeps up with.
// 3. slow receiver: one more webhook (store 1) whose receiver answers after 10 s; the low-rate phase again, and
//    the latency of the other webhooks' deliveries compared with it.
//
// The stack is restarted with WEBHOOK_ALLOW_PRIVATE_NETWORKS=true (the receiver is on loopback). The receiver
// does not verify signatures here (the stack tests do, with the standardwebhooks package): it costs CPU the
// stack would not get on a real machine pair.
const http = require('node:http');
const os = require('node:os');
const { envNumber, log, sleep, storectl, restartStack, untilIdle, cpuTicks, formatTable, fmt } = require('./bench-kit');

const TARGET_P99_MS = 1_000;
const TARGET_DELIVERIES_PER_S = 1_000;
const SLOW_ANSWER_MS = 10_000;

async function runWebhooksBench(stack) {
  const config = {
    stores: envNumber('BENCH_WEBHOOKS_STORES', 10),
    perStore: envNumber('BENCH_WEBHOOKS_PER_STORE', 10),
    productsPerStore: envNumber('BENCH_WEBHOOKS_PRODUCTS', 20),
    rate: envNumber('BENCH_WEBHOOKS_RATE', 200),
    lowRate: envNumber('BENCH_WEBHOOKS_LOW_RATE', 50),
    durationS: envNumber('BENCH_WEBHOOKS_DURATION_S', 10),
    burst: envNumber('BENCH_WEBHOOKS_BURST', 3_000),
    drainMaxS: envNumber('BENCH_WEBHOOKS_DRAIN_MAX_S', 180),
  };
  await restartStack(stack, { env: { WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true' } });
  const results = { config, loadAverage: os.loadavg(), machine: { cores: os.cpus().length, model: os.cpus()[0]?.model }, phases: {} };

  const receiver = await startReceiver();
  try {
    const runId = Date.now().toString(36);
    const stores = [];
    for (let s = 0; s < config.stores; s++) {
      const created = await storectl(stack.env, [
        'store',
        'create',
        '--name',
        `Hooks ${s}`,
        '--subdomain',
        `hooks${s}${runId}`,
        '--email',
        `hooks${s}${runId}@example.com`,
        '--password',
        'bench-password-0123456789',
      ]);
      const store = { index: s, apiKey: created.api_key, products: [] };
      for (let h = 0; h < config.perStore; h++)
        await api(stack, store, 'POST', '/v1/webhooks.json', { url: `${receiver.url}/s${s}/h${h}`, events: ['product/updated'] });
      for (let p = 0; p < config.productsPerStore; p++)
        store.products.push((await api(stack, store, 'POST', '/v1/products.json', { name: `s${s} p${p}`, cents: 1000 + p })).data.id);
      stores.push(store);
    }
    log(
      `webhooks: ${config.stores} stores × ${config.perStore} webhooks, ${config.productsPerStore} products each; ` +
        `receiver at ${receiver.url}`,
    );
    await untilIdle(stack, { maxS: 30 });

    const watch = { webhooks: stack.pids.webhooks, catalog: stack.pids.catalog, gateway: stack.pids.gateway, nats: stack.pids.nats };
    results.phases.latency = await paced(stack, stores, receiver, config, 'latency', watch, config.rate);
    results.phases.lowRate = await paced(stack, stores, receiver, config, 'low', watch, config.lowRate);
    results.phases.sustained = await burst(stack, stores, receiver, config, watch);

    const slowStore = stores[1 % stores.length];
    await api(stack, slowStore, 'POST', '/v1/webhooks.json', { url: `${receiver.url}/slow`, events: ['product/updated'] });
    results.phases.slow = await paced(stack, stores, receiver, config, 'slow', watch, config.lowRate);
    results.phases.slow.slowArrivals = receiver.slowArrivals;
  } finally {
    await receiver.close();
  }
  results.verdict = report(results);
  return results;
}

/** The receiver: every path answers 204 at once, except /slow (after 10 s). Records arrivals by event name. */
async function startReceiver() {
  const arrivals = new Map(); // `${name}` → [arrival ms, ...] for the fast webhooks
  const state = { slowArrivals: 0, count: 0, first: 0, last: 0 };
  const timers = new Set();
  const server = http.createServer((request, response) => {
    const chunks = [];
    request.on('data', (chunk) => chunks.push(chunk));
    request.on('end', () => {
      const at = performance.now();
      if (request.url === '/slow') {
        state.slowArrivals++;
        const timer = setTimeout(() => {
          timers.delete(timer);
          response.writeHead(204).end();
        }, SLOW_ANSWER_MS);
        timers.add(timer);
        return;
      }
      response.writeHead(204).end();
      let name;
      try {
        name = JSON.parse(Buffer.concat(chunks).toString('utf8')).data.name;
      } catch {
        return;
      }
      const list = arrivals.get(name);
      if (list) list.push(at);
      else arrivals.set(name, [at]);
      state.count++;
      if (!state.first) state.first = at;
      state.last = at;
    });
  });
  server.keepAliveTimeout = 60_000;
  server.maxConnections = 10_000;
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}`,
    arrivals,
    state,
    get slowArrivals() {
      return state.slowArrivals;
    },
    reset() {
      arrivals.clear();
      Object.assign(state, { count: 0, first: 0, last: 0 });
    },
    async close() {
      for (const timer of timers) clearTimeout(timer);
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

async function api(stack, store, method, apiPath, params) {
  const headers = { 'API-KEY': store.apiKey };
  if (params) headers['content-type'] = 'application/json';
  const response = await fetch(`${stack.baseUrl}${apiPath}`, {
    method,
    headers,
    body: params && JSON.stringify(params),
    signal: AbortSignal.timeout(60_000),
  });
  const body = await response.json();
  if (response.status !== 200) throw new Error(`${method} ${apiPath} answered ${response.status}: ${JSON.stringify(body).slice(0, 500)}`);
  return body;
}

/** One rename: answers { name, answeredAt } or throws. */
async function rename(stack, store, productId, name) {
  await api(stack, store, 'PUT', `/v1/products/${productId}.json`, { name });
  return performance.now();
}

/** Renames at config.rate per second for config.durationS, round robin over stores and products; then waits for every delivery. */
async function paced(stack, stores, receiver, config, label, watch, rate) {
  receiver.reset();
  const answered = new Map(); // name → answered at
  const failures = [];
  const total = rate * config.durationS;
  const intervalMs = 1_000 / rate;
  const cpuStart = cpuTicks(watch);
  const started = performance.now();
  const writes = [];
  for (let i = 0; i < total; i++) {
    const due = started + i * intervalMs;
    const wait = due - performance.now();
    if (wait > 1) await sleep(wait);
    const store = stores[i % stores.length];
    const productId = store.products[Math.floor(i / stores.length) % store.products.length];
    const name = `${label} e${i}`;
    writes.push(
      rename(stack, store, productId, name).then(
        (at) => answered.set(name, at),
        (error) => failures.push(error.message),
      ),
    );
  }
  await Promise.all(writes);
  const sendS = (performance.now() - started) / 1000;
  const expected = answered.size * config.perStore;
  const drained = await untilDelivered(receiver, expected, config.drainMaxS);
  const cpu = cpuSince(cpuStart, watch, (performance.now() - started) / 1000);
  const latencies = [];
  for (const [name, at] of answered) for (const arrival of receiver.arrivals.get(name) ?? []) latencies.push(Math.max(0, arrival - at));
  latencies.sort((a, b) => a - b);
  const phase = {
    events: answered.size,
    eventsPerS: answered.size / sendS,
    failures: failures.length,
    failureSample: failures.slice(0, 3),
    expected,
    delivered: receiver.state.count,
    drained,
    p50: quantile(latencies, 0.5),
    p90: quantile(latencies, 0.9),
    p99: quantile(latencies, 0.99),
    max: latencies.at(-1),
    deliveriesPerS: receiver.state.count / ((receiver.state.last - receiver.state.first) / 1000 || 1),
    cpu,
  };
  log(
    `webhooks ${label}: ${fmt(phase.events)} events at ${fmt(phase.eventsPerS, 1)}/s ` +
      `→ ${fmt(phase.delivered)}/${fmt(expected)} deliveries; p50 ${fmt(phase.p50)} ms, p99 ${fmt(phase.p99)} ms, ` +
      `max ${fmt(phase.max)} ms`,
  );
  return phase;
}

/** config.burst renames, 20 at a time; deliveries/s from the first arrival to the last. */
async function burst(stack, stores, receiver, config, watch) {
  receiver.reset();
  let next = 0;
  let answered = 0;
  const failures = [];
  const cpuStart = cpuTicks(watch);
  const started = performance.now();
  await Promise.all(
    Array.from({ length: 20 }, async () => {
      while (next < config.burst) {
        const i = next++;
        const store = stores[i % stores.length];
        const productId = store.products[Math.floor(i / stores.length) % store.products.length];
        await rename(stack, store, productId, `burst e${i}`).then(
          () => answered++,
          (error) => failures.push(error.message),
        );
      }
    }),
  );
  const sendS = (performance.now() - started) / 1000;
  const expected = answered * config.perStore;
  const drained = await untilDelivered(receiver, expected, config.drainMaxS);
  const spanS = (receiver.state.last - receiver.state.first) / 1000;
  const phase = {
    events: answered,
    eventsPerS: answered / sendS,
    failures: failures.length,
    expected,
    delivered: receiver.state.count,
    drained,
    spanS,
    deliveriesPerS: receiver.state.count / (spanS || 1),
    cpu: cpuSince(cpuStart, watch, (performance.now() - started) / 1000),
  };
  log(
    `webhooks burst: ${fmt(answered)} events in ${fmt(sendS, 1)} s (${fmt(phase.eventsPerS, 1)}/s) ` +
      `→ ${fmt(phase.delivered)}/${fmt(expected)} deliveries in ${fmt(spanS, 1)} s = ${fmt(phase.deliveriesPerS)}/s`,
  );
  return phase;
}

async function untilDelivered(receiver, expected, maxS) {
  const deadline = performance.now() + maxS * 1000;
  while (receiver.state.count < expected) {
    if (performance.now() > deadline) return false;
    await sleep(50);
  }
  return true;
}

/** CPU % of each watched process over the phase (100 = one core), from /proc ticks. */
function cpuSince(start, watch, seconds) {
  const end = cpuTicks(watch);
  const hz = 100;
  const out = {};
  for (const name of Object.keys(watch)) {
    if (start?.[name] === undefined || end?.[name] === undefined) continue;
    out[name] = ((end[name] - start[name]) / hz / seconds) * 100;
  }
  return out;
}

const quantile = (sorted, q) => (sorted.length === 0 ? undefined : sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]);

function report(results) {
  const { config, phases } = results;
  const out = [''];
  out.push(
    `webhooks — ${config.stores} stores × ${config.perStore} webhooks (product/updated), a loopback receiver ` +
      `answering at once; renames through the gateway`,
  );
  out.push(
    `machine: ${results.machine.cores} cores (${results.machine.model ?? 'unknown'}), node ${process.version}; load ` +
      `average at the start: ${results.loadAverage.map((n) => n.toFixed(2)).join(', ')}`,
  );
  out.push('');
  const rows = [
    [
      'phase',
      'events',
      'events/s',
      'deliveries',
      'delivered all',
      'p50 ms',
      'p90 ms',
      'p99 ms',
      'max ms',
      'deliveries/s',
      'webhooks %cpu',
      'catalog %cpu',
      'gateway %cpu',
      'nats %cpu',
    ],
  ];
  for (const [label, phase] of Object.entries(phases)) {
    rows.push([
      label,
      fmt(phase.events),
      fmt(phase.eventsPerS, 1),
      `${fmt(phase.delivered)}/${fmt(phase.expected)}`,
      phase.drained ? 'yes' : 'NO',
      fmt(phase.p50),
      fmt(phase.p90),
      fmt(phase.p99),
      fmt(phase.max),
      fmt(phase.deliveriesPerS),
      fmt(phase.cpu?.webhooks),
      fmt(phase.cpu?.catalog),
      fmt(phase.cpu?.gateway),
      fmt(phase.cpu?.nats),
    ]);
  }
  out.push(formatTable(rows));
  out.push('');
  const { latency, lowRate, sustained, slow } = phases;
  out.push(
    `p99 at ${config.rate} events/s: ${fmt(latency.p99)} ms (target < ${TARGET_P99_MS} ms)   ` +
      (latency.p99 < TARGET_P99_MS && latency.drained ? 'MET' : 'NOT MET'),
  );
  out.push(
    `sustained deliveries/s: ${fmt(sustained.deliveriesPerS)} (target >= ${TARGET_DELIVERIES_PER_S})   ` +
      (sustained.deliveriesPerS >= TARGET_DELIVERIES_PER_S && sustained.drained ? 'MET' : 'NOT MET'),
  );
  out.push(
    `p50/p99 at ${config.lowRate} events/s (${fmt(config.lowRate * config.perStore)} ` +
      `deliveries/s): ${fmt(lowRate.p50)} / ${fmt(lowRate.p99)} ms`,
  );
  out.push(
    `at ${config.lowRate} events/s with a receiver answering in ${SLOW_ANSWER_MS / 1000} s beside them ` +
      `(it got ${fmt(slow.slowArrivals)} requests): the others' p50 ${fmt(slow.p50)} ms / p99 ${fmt(slow.p99)} ms ` +
      `against ${fmt(lowRate.p50)} / ${fmt(lowRate.p99)} ms without it`,
  );
  const invalid = [];
  for (const [label, phase] of Object.entries(phases))
    if (phase.failures > 0) invalid.push(`${label}: ${phase.failures} writes failed (${(phase.failureSample ?? []).join('; ')})`);
  if (invalid.length > 0) {
    out.push('');
    out.push('!!! INVALID RUN: not every write got a 200');
    for (const line of invalid) out.push(`!!!   ${line}`);
  }
  process.stdout.write(`${out.join('\n')}\n`);
  return { p99Ms: latency.p99, deliveriesPerS: sustained.deliveriesPerS, invalid };
}

module.exports = { runWebhooksBench };
