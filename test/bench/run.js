'use strict';
// `npm run bench`: every benchmark on one stack. BENCH_ONLY=gateway, writes, catalog, orders, webhooks, visits, storefront,
// media, event-stream, dashboard or notifications runs one.
//
// gateway (gateway-read.bench.js): gateway throughput against a bare node:http baseline serving the same bytes.
//
//  1. Starts the real stack exactly as `npm start` does (the built launcher, a temp DATA_DIR, free
//     ports, LOG_LEVEL=warn, the rate limiter opened wide), creates a store with the CLI and
//     captures the exact bytes of `GET /v1/store.json`.
//  2. Starts a bare node:http server (own process) answering those bytes with the same Content-Type.
//  3. Runs the load generator (own process, autocannon): warm-up, then the measured run; first
//     against the bare server, then against the gateway.
//  4. Prints req/s, p50, p99, errors/non-2xx, the gateway/bare ratio and the targets (met or not).
//
// writes (writes.bench.js): POST /v1/products through the gateway on an empty store, against
// GET /v1/products/:id in the same run; seeds 100,000 products through the gateway (timed), measures
// POST again, then restarts the stack on its data (time until /healthz answers 200).
//
// catalog (catalog-scale.bench.js): listing and reading products on a 100,000-product store against
// a 1,000-product one.
//
// orders (orders.bench.js): GET /v1/orders?limit=250 (first page, a deep page by page=N and by
// older_than_id) on a 100,000-order store against a 1,000-order one; checkouts/s against
// GET /v1/orders/:id req/s.
//
// webhooks (webhooks.bench.js): event-to-delivery latency (p50/p99, from the write's answer to the
// receiver's arrival) at 200 events/s with 100 webhooks across 10 stores, sustained deliveries/s, and
// the same with one receiver answering in 10 s beside them.
//
// storefront (storefront.bench.js): the buyer site's home page (GET /s/<subdomain>/, rendered by the
// storefront) of a store with 1,000 products created through the API, renders/s with p50/p99 through the
// gateway against a bare node:http server answering the same bytes in the same run (target >= 500/s).
//
// visits (visits.bench.js): GET /v1/store/visits on a store with 1,000,000 page views against one with
// 100 (recorded through the storefront's own aggregator on its data, stack stopped; views/s printed).
//
// media (media.bench.js): upload-to-ready time (p50/p99) of 12-megapixel JPEGs through POST
// /v1/products/:id/photos; GET /media/<key>/medium req/s and p99 through the stack against a bare
// node:http server answering the same bytes in the same run (target ratio >= 0.5); the media
// service's RSS idle and at its peak under the uploads.
//
// notifications (notifications.bench.js): order/paid events published on the orders stream, their messages
// rendered and accepted by a local SMTP server (smtp-server in this process): messages/s for a burst, and
// event-to-acceptance p50/p99 at a steady 100 orders/s; the service's RSS.
//
// event-stream (event-stream.bench.js): 100 live event streams (20 stores x 5) read through the SDK's client.events():
// the gateway's and webhooks' memory with them open, and from an event's publication to its arrival on each stream,
// p50/p99, at a steady 100 events/s.
//
// dashboard (dashboard.bench.js): every page of the owner's dashboard (/admin) in Chromium on a store of 100,000 products
// and 100,000 orders: ms until each page shows its data, on a full load and on the in-app navigation to it (target < 1 s);
// the first load's compressed JavaScript and CSS (budget 300 KB of JavaScript); the API calls each page makes.
//
// Every run prints the memory of the whole stack (RSS per process and in total, against the 700 MB
// target) once the stack has started and settled, and again, idle, at the end.
//
// Missed targets never fail the process (benchmarks report, tests assert). It exits non-zero on
// real errors only: the stack or a child failed, or a measured run is invalid (errors, timeouts,
// non-2xx responses, or a body that differs from the captured one). Everything started here is
// torn down on exit, on errors and on Ctrl-C.
//
// Env: BENCH_DURATION_S (10), BENCH_WARMUP_S (2), BENCH_CONNECTIONS (50), BENCH_ROUNDS (3: gateway
//      rounds of bare then gateway, judged on the medians),
//      BENCH_JSON=<file> (also write the results as JSON),
//      BENCH_LOG_LEVEL (warn; e.g. "info" to measure what per-request logging costs),
//      BENCH_STACK_NODE_OPTIONS (extra NODE_OPTIONS for the stack's processes only, e.g.
//      "--max-semi-space-size=32"; the launcher hands them to every service and the gateway),
//      BENCH_CPU_PROF_DIR=<dir> (diagnostic: CPU-profile the gateway, or the processes named in
//      BENCH_CPU_PROF_TARGETS, e.g. "gateway,storefront"; the profiles are named at the end;
//      summarize one with `node test/bench/profile-summary.js <file>`). Profiling costs throughput:
//      do not compare such a run's figures with normal runs.
//      BENCH_PHASE_PROF_DIR=<dir> (diagnostic: CPU-profile the measured phases of the writes bench
//      only, in the processes named in BENCH_PHASE_PROF_TARGETS, default "gateway,catalog").
//      The writes bench's own knobs are in test/bench/README.md.
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const {
  envNumber,
  log,
  onTeardown,
  teardown,
  emergencyKills,
  isSignalled,
  startStack,
  untilIdle,
  reportStackMemory,
} = require('./bench-kit');
const { runGatewayReadBench } = require('./gateway-read.bench');
const { runWritesBench } = require('./writes.bench');
const { runCatalogScaleBench } = require('./catalog-scale.bench');
const { runOrdersBench } = require('./orders.bench');
const { runWebhooksBench } = require('./webhooks.bench');
const { runStorefrontBench } = require('./storefront.bench');
const { runVisitsBench } = require('./visits.bench');
const { runMediaBench } = require('./media.bench');
const { runNotificationsBench } = require('./notifications.bench');
const { runEventStreamBench } = require('./event-stream.bench');
const { runDashboardBench } = require('./dashboard.bench');

// writes before catalog: its "empty store" is then measured on a catalog that holds (almost) nothing,
// and its restart leaves the catalog bench a freshly started stack.
// orders last: it restarts the stack with the per-address checkout limit opened wide.
const BENCHES = {
  gateway: runGatewayReadBench,
  writes: runWritesBench,
  catalog: runCatalogScaleBench,
  orders: runOrdersBench,
  webhooks: runWebhooksBench,
  visits: runVisitsBench,
  storefront: runStorefrontBench,
  media: runMediaBench,
  'event-stream': runEventStreamBench,
  // It restarts the stack once (the orders are written into the database while it is stopped).
  dashboard: runDashboardBench,
  // Last: it restarts the stack with SMTP_URL set.
  notifications: runNotificationsBench,
};

async function main() {
  const settings = {
    durationS: envNumber('BENCH_DURATION_S', 10),
    warmupS: envNumber('BENCH_WARMUP_S', 2, { allowZero: true }),
    connections: envNumber('BENCH_CONNECTIONS', 50),
    rounds: envNumber('BENCH_ROUNDS', 3),
    jsonOut: process.env.BENCH_JSON ? path.resolve(process.env.BENCH_JSON) : undefined,
    cpuProfDir: process.env.BENCH_CPU_PROF_DIR ? path.resolve(process.env.BENCH_CPU_PROF_DIR) : undefined,
    phaseProfDir: process.env.BENCH_PHASE_PROF_DIR ? path.resolve(process.env.BENCH_PHASE_PROF_DIR) : undefined,
    logLevel: process.env.BENCH_LOG_LEVEL || 'warn',
    stackNodeOptions: process.env.BENCH_STACK_NODE_OPTIONS || '',
  };
  if (settings.cpuProfDir) fs.mkdirSync(settings.cpuProfDir, { recursive: true });
  if (settings.phaseProfDir) fs.mkdirSync(settings.phaseProfDir, { recursive: true });

  const tempRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'store-bench-'));
  onTeardown('temp dir', () => fs.rmSync(tempRoot, { recursive: true, force: true }));
  emergencyKills.push(() => fs.rmSync(tempRoot, { recursive: true, force: true }));

  const only = process.env.BENCH_ONLY;
  if (only && !BENCHES[only]) throw new Error(`BENCH_ONLY must be one of ${Object.keys(BENCHES).join(', ')}, got "${only}"`);

  const stack = await startStack(tempRoot, settings);
  log(`stack ready at ${stack.baseUrl} (healthy ${(stack.startTimes.healthyMs / 1000).toFixed(1)} s after spawn)`);
  await untilIdle(stack, { maxS: 30 });
  const memory = { start: reportStackMemory(stack, 'idle, once started and settled') };
  const results = {};
  const afterRestart = [];
  for (const [name, bench] of Object.entries(BENCHES)) {
    if (only && name !== only) continue;
    if (stack.starts > 1) afterRestart.push(name);
    results[name] = await bench(stack, settings, tempRoot);
  }
  await untilIdle(stack, { maxS: 60 });
  const restarted =
    stack.starts > 1
      ? ` (the stack ${only ? `the ${only}` : 'the writes'} bench restarted on its ` +
        `data${afterRestart.length > 0 ? `, after the ${afterRestart.join(', ')} bench used it` : ''})`
      : '';
  // Judged only as a stack just started on its data and left idle; after a bench's load its heaps stay grown.
  memory.end = reportStackMemory(stack, `idle at the end of the run${restarted}`, {
    judged: stack.starts > 1 && afterRestart.length === 0,
  });
  if (settings.jsonOut) fs.writeFileSync(settings.jsonOut, `${JSON.stringify({ ...results, memory }, null, 2)}\n`);

  await teardown();
  if (settings.cpuProfDir) {
    const profiles = fs.readdirSync(settings.cpuProfDir).filter((file) => file.endsWith('.cpuprofile'));
    for (const [name, pid] of Object.entries(stack.pids)) {
      const mine = profiles.filter((file) => file === `${name}.${pid}.cpuprofile`);
      if (mine.length > 0)
        log(`cpu profile of ${name}: ${path.join(settings.cpuProfDir, mine[0])}  (summary: node test/bench/profile-summary.js <file>)`);
    }
  }
  return Object.values(results).some((result) => result.verdict.invalid.length > 0) ? 1 : 0;
}

// A promise nobody awaited that fails (a browser call answered after the browser closed) would end the process without
// stopping the stack, whose launcher runs in its own process group: stop everything as on an error.
process.on('unhandledRejection', (error) => {
  log(`failed (unhandled rejection): ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  void teardown().finally(() => process.exit(1));
});

main().then(
  (code) => teardown().then(() => process.exit(code)),
  (error) => {
    if (!isSignalled()) log(`failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    void teardown().finally(() => process.exit(1));
  },
);
