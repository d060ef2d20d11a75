'use strict';
// Visits (issue 15 item 2, docs/visits.md#definitions), in one run: GET /v1/store/visits on a store with BENCH_VISITS_LARGE
// (1,000,000) page views against one with BENCH_VISITS_SMALL (100). The statistics are aggregated as the views
// arrive, so both reads should cost the same.
//
// 1. Two stores made with the CLI; the stack is stopped.
// 2. Recording: the page views are fed, in time order, to the storefront service's own aggregator
//    (services/storefront/dist/app/record-page-view.js: the VisitAggregator the page renderer calls) in this
//    process, against the service's data directory, flushed every BENCH_VISITS_BATCH views: the views/s printed
//    is what the aggregator (bot check, session rule, counters, SQLite writes) sustains. The views spread over the
//    last 48 days: browsers come and go (a pool of 50,000 for the large store), a session's views a few minutes
//    apart, 2% known bots, 10% of sessions entering through the marketplace. The bench applies the 30-minute
//    rule itself while generating, so it knows how many visits each store must show.
// 3. The stack starts again on its data; the answers' weekly visits must add up to the visits generated.
// 4. Read latency: BENCH_VISITS_SAMPLES sequential GETs per store, large and small interleaved (one request at a
//    time, timed here with a µs clock: p50/p99/mean and the large/small ratio); then autocannon rounds of
//    BENCH_VISITS_DURATION_S with 10 connections per store, alternating (req/s, p50/p99 in whole ms).
const path = require('node:path');
const {
  REPO_ROOT,
  envNumber,
  log,
  storectl,
  runLoad,
  restartStack,
  untilIdle,
  problemsOf,
  cpuPerRequest,
  formatTable,
  fmt,
} = require('./bench-kit');

const TARGET_MAX_RATIO = 1.2;
const SESSION_GAP_MS = 30 * 60 * 1000;
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const BOTS = [
  'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
  'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)',
];

async function runVisitsBench(stack) {
  const config = {
    sizes: { large: envNumber('BENCH_VISITS_LARGE', 1_000_000), small: envNumber('BENCH_VISITS_SMALL', 100) },
    batch: envNumber('BENCH_VISITS_BATCH', 5_000),
    samples: envNumber('BENCH_VISITS_SAMPLES', 1_000),
    durationS: envNumber('BENCH_VISITS_DURATION_S', 5),
    rounds: envNumber('BENCH_VISITS_ROUNDS', 2),
    connections: envNumber('BENCH_VISITS_CONNECTIONS', 10),
  };
  const results = { config, recording: {}, checks: {}, sequential: {}, load: { large: [], small: [] } };
  const runId = Date.now().toString(36);
  const stores = {};
  for (const name of ['large', 'small']) {
    const subdomain = `visits${name}${runId}`;
    const created = await storectl(stack.env, [
      'store',
      'create',
      '--name',
      `Bench ${subdomain}`,
      '--subdomain',
      subdomain,
      '--email',
      `${subdomain}@example.com`,
      '--password',
      'bench-password-0123456789',
    ]);
    stores[name] = { storeId: created.store.id, apiKey: created.api_key };
  }

  await stack.stop();
  const now = Date.now();
  const span = { startMs: now - 48 * 24 * 3600_000, endMs: now - 60_000 };
  results.recording = await recordPageViews(
    path.join(stack.dataDir, 'storefront'),
    stack.env.STOREFRONT_DOMAIN || 'shops.localhost',
    [
      { name: 'large', storeId: stores.large.storeId, count: config.sizes.large, pool: 50_000, active: 40, seed: 1 },
      { name: 'small', storeId: stores.small.storeId, count: config.sizes.small, pool: 30, active: 3, seed: 2 },
    ],
    span,
    config.batch,
  );
  const r = results.recording;
  log(
    `recorded ${fmt(r.views)} page views in ${fmt(r.seconds, 1)} s = ${fmt(r.views / r.seconds)} views/s through ` +
      `the aggregator (${fmt(r.counted)} counted, ${fmt(r.views - r.counted)} bots; ${fmt(r.dropped)} dropped)`,
  );
  await restartStack(stack, { timeoutMs: 300_000 });

  for (const name of ['large', 'small']) {
    const body = await api(stack, stores[name], '/v1/store/visits.json');
    const weekly = body.data.weekly_visits.reduce((sum, { weekly_visit }) => sum + weekly_visit.visits, 0);
    const marketplace = (await api(stack, stores[name], '/v1/store/marketplace_visits.json')).data.weekly_visits.reduce(
      (sum, { weekly_visit }) => sum + weekly_visit.visits,
      0,
    );
    const expected = r.stores[name];
    results.checks[name] = {
      weekly,
      marketplace,
      expected: expected.visits,
      expectedMarketplace: expected.marketplaceVisits,
      bytes: JSON.stringify(body).length,
    };
    if (weekly !== expected.visits || marketplace !== expected.marketplaceVisits) {
      throw new Error(
        `the ${name} store shows ${weekly} visits (${marketplace} marketplace) over 8 weeks; the views ` +
          `made ${expected.visits} (${expected.marketplaceVisits})`,
      );
    }
    log(`${name} store: ${fmt(weekly)} visits over 8 weeks (${fmt(marketplace)} through the marketplace), as generated`);
  }
  await untilIdle(stack, { maxS: 60 });

  // Sequential, interleaved: each pair of requests sees the same machine.
  const timings = { large: [], small: [] };
  for (let i = 0; i < config.samples + 50; i++) {
    for (const name of i % 2 === 0 ? ['large', 'small'] : ['small', 'large']) {
      const started = process.hrtime.bigint();
      await api(stack, stores[name], '/v1/store/visits.json');
      if (i >= 50) timings[name].push(Number(process.hrtime.bigint() - started) / 1e6);
    }
  }
  for (const name of ['large', 'small']) results.sequential[name] = percentiles(timings[name]);

  const watch = () => ({ gateway: stack.pids.gateway, storefront: stack.pids.storefront });
  for (let round = 1; round <= config.rounds; round++) {
    for (const name of ['large', 'small']) {
      const store = stores[name];
      results.load[name].push(
        await runLoad(
          {
            title: `GET /v1/store/visits (${name}, round ${round})`,
            url: `${stack.baseUrl}/v1/store/visits.json`,
            headers: { 'API-KEY': store.apiKey },
            connections: config.connections,
            durationS: config.durationS,
            warmupS: 1,
          },
          watch(),
        ),
      );
    }
  }
  results.verdict = report(results);
  return results;
}

/**
 * Feeds the generated views to the service's VisitAggregator on its own database (the service is stopped),
 * flushing every `batch` views; answers the time it took and, per store, the visits the generator made.
 */
async function recordPageViews(dir, storefrontDomain, plans, span, batch) {
  const dist = path.join(REPO_ROOT, 'services/storefront/dist');
  const { VisitAggregator, storeTimeZones } = require(path.join(dist, 'app/record-page-view'));
  const { VisitRepository } = require(path.join(dist, 'infra/visit.repository'));
  const { StoreRepository } = require(path.join(dist, 'infra/store.repository'));
  const { ensureStorefrontIndexes } = require(path.join(dist, 'infra/indexes'));
  const { OutboxCollection } = require(path.join(REPO_ROOT, 'libs/events/dist'));
  const { openDatabase } = require(path.join(REPO_ROOT, 'libs/persistence/dist'));
  const db = await openDatabase({ engine: 'embedded', dir });
  try {
    await ensureStorefrontIndexes(db);
    const visits = VisitRepository.open(db);
    const errors = [];
    const aggregator = new VisitAggregator({
      visits,
      timeZoneOf: storeTimeZones(new StoreRepository(new OutboxCollection(db.collection(StoreRepository.collection))), 'America/New_York'),
      storefrontDomain,
      batchSize: batch,
      onError: (error) => errors.push(error),
    });
    const stores = {};
    let views = 0;
    const started = process.hrtime.bigint();
    for (const plan of plans) {
      const generated = pageViews(plan, span);
      let progressAt = Date.now();
      for (const view of generated.views) {
        aggregator.record(view);
        views += 1;
        if (aggregator.pending >= batch) await aggregator.flush();
        if (Date.now() - progressAt > 10_000) {
          progressAt = Date.now();
          log(`  ${plan.name}: ${fmt(views)} views recorded`);
        }
      }
      await aggregator.flush();
      stores[plan.name] = generated.totals;
    }
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    if (errors.length > 0) throw errors[0];
    if (aggregator.dropped > 0) throw new Error(`the aggregator dropped ${aggregator.dropped} views`);
    return { views, counted: aggregator.counted, dropped: aggregator.dropped, seconds, stores };
  } finally {
    await db.close();
  }
}

/**
 * `count` page views of one store, in time order over `span`: `active` browsers browse at once, each view by one
 * of them; after a view a browser leaves with probability 1/8 and a browser of the pool (new or returning) takes
 * its place. 2% of the views are bots'. A view `SESSION_GAP_MS` or more after its browser's last starts a visit;
 * 10% of visits enter through the marketplace (`ref=marketplace`). `totals` are what the statistics must show.
 */
function pageViews({ storeId, count, pool, active, seed }, { startMs, endMs }) {
  const random = mulberry32(seed);
  const pick = () => `b${storeId}-${Math.floor(random() * pool)}`;
  const browsing = Array.from({ length: active }, pick);
  const lastSeen = new Map();
  const totals = { views: count, visits: 0, marketplaceVisits: 0 };
  const step = (endMs - startMs) / count;
  function* generate() {
    for (let i = 0; i < count; i++) {
      const at = new Date(Math.floor(startMs + i * step));
      if (random() < 0.02) {
        yield {
          store_id: storeId,
          visitor_id: `bot-${i % 100}`,
          at,
          user_agent: BOTS[i % BOTS.length],
          referer: '',
          ref: '',
          client_address: '192.0.2.1',
        };
        continue;
      }
      const slot = Math.floor(random() * active);
      const visitor = browsing[slot];
      const last = lastSeen.get(visitor);
      const starts = last === undefined || at.getTime() - last >= SESSION_GAP_MS;
      const marketplace = starts && random() < 0.1;
      if (starts) totals.visits += 1;
      if (marketplace) totals.marketplaceVisits += 1;
      lastSeen.set(visitor, at.getTime());
      // Each browser from an address of its own: browsers seen for the first time count as their client (docs/visits.md#who-is-a-visitor).
      yield {
        store_id: storeId,
        visitor_id: visitor,
        at,
        user_agent: BROWSER,
        referer: '',
        ref: marketplace ? 'marketplace' : '',
        client_address: `address of ${visitor}`,
      };
      if (random() < 1 / 8) browsing[slot] = pick();
    }
  }
  return { views: generate(), totals };
}

function mulberry32(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

async function api(stack, store, apiPath) {
  const response = await fetch(`${stack.baseUrl}${apiPath}`, { headers: { 'API-KEY': store.apiKey }, signal: AbortSignal.timeout(60_000) });
  const body = await response.json();
  if (response.status !== 200) throw new Error(`GET ${apiPath} answered ${response.status}: ${JSON.stringify(body).slice(0, 500)}`);
  return body;
}

function percentiles(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  return { count: sorted.length, p50: at(0.5), p99: at(0.99), mean: sorted.reduce((sum, n) => sum + n, 0) / sorted.length };
}

function report(results) {
  const { config, recording, checks, sequential, load } = results;
  const out = [''];
  out.push(
    `visits — GET /v1/store/visits on a store with ${fmt(config.sizes.large)} page views vs one ` +
      `with ${fmt(config.sizes.small)}, in the same run (figures are noisy on a shared machine)`,
  );
  out.push(
    `recording: ${fmt(recording.views)} page views through the storefront's VisitAggregator (in this process, on ` +
      `the service's SQLite file, flushed every ${fmt(config.batch)}) in ${fmt(recording.seconds, 1)} s ` +
      `= ${fmt(recording.views / recording.seconds)} views/s; ${fmt(recording.views - recording.counted)} bot views not counted`,
  );
  for (const name of ['large', 'small'])
    out.push(
      `  ${name}: ${fmt(checks[name].weekly)} visits over the 8 weeks (${fmt(checks[name].marketplace)} through the ` +
        `marketplace), as generated; answer ${fmt(checks[name].bytes)} bytes`,
    );
  out.push('');
  const rows = [['sequential (1 at a time)', 'requests', 'p50 ms', 'p99 ms', 'mean ms']];
  for (const name of ['large', 'small'])
    rows.push([
      `${name} (${fmt(config.sizes[name])} views)`,
      fmt(sequential[name].count),
      fmt(sequential[name].p50, 2),
      fmt(sequential[name].p99, 2),
      fmt(sequential[name].mean, 2),
    ]);
  out.push(formatTable(rows));
  const ratio = {
    p50: sequential.large.p50 / sequential.small.p50,
    p99: sequential.large.p99 / sequential.small.p99,
    mean: sequential.large.mean / sequential.small.mean,
  };
  out.push(
    `large / small: p50 ${fmt(ratio.p50, 2)}, p99 ${fmt(ratio.p99, 2)}, mean ${fmt(ratio.mean, 2)}   (target p50 ` +
      `<= ${TARGET_MAX_RATIO}: ${ratio.p50 <= TARGET_MAX_RATIO ? 'MET' : 'NOT MET'})`,
  );
  out.push('');
  const lrows = [
    [`autocannon, ${config.connections} connections`, 'round', 'req/s', 'p50 ms', 'p99 ms', 'gateway µs/req', 'storefront µs/req'],
  ];
  const invalid = [];
  for (const name of ['large', 'small']) {
    for (const [index, run] of load[name].entries()) {
      const m = run.measured;
      lrows.push([
        `${name} (${fmt(config.sizes[name])} views)`,
        index + 1,
        fmt(m.requestsPerSecond),
        fmt(m.latencyMs.p50),
        fmt(m.latencyMs.p99),
        fmt(cpuPerRequest(run, 'gateway')),
        fmt(cpuPerRequest(run, 'storefront')),
      ]);
      const problems = problemsOf(run);
      if (problems.length > 0) invalid.push(`${name}, round ${index + 1}: ${problems.join('; ')}`);
    }
  }
  out.push(formatTable(lrows));
  if (invalid.length > 0) {
    out.push('');
    out.push('!!! INVALID RUN: not every request got a 2xx answer');
    for (const line of invalid) out.push(`!!!   ${line}`);
  }
  process.stdout.write(`${out.join('\n')}\n`);
  return { ratio, viewsPerSecond: recording.views / recording.seconds, invalid };
}

module.exports = { runVisitsBench };
