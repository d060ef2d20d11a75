'use strict';
// Writes through the gateway: POST /v1/products (a JSON body, a new name per request) on a fresh
// store, measured in the same run as GET /v1/products/:id; then the store is seeded up to
// BENCH_SEED_PRODUCTS (100,000) products THROUGH THE GATEWAY (timed), POST is measured again on the
// full store (each run beside one on an empty store), and the stack is restarted on its data (time
// until /healthz answers 200).
//
// Prints creates/s, p50/p99 and server CPU µs per request (gateway, catalog, nats-server, the whole
// stack) per phase, the creates/reads and after/empty ratios, the seeding time and rate, how far
// the catalog's outbox relay lags behind the creates, the catalog's memory after the seeding, the
// restart time, and each target of the issue (met or not; missed targets never fail the command).
const os = require('node:os');
const {
  envNumber,
  log,
  sleep,
  storectl,
  runLoad,
  untilIdle,
  streamLastSeq,
  consumersBehind,
  untilStreamSettles,
  memoryOf,
  reportStackMemory,
  restartStack,
  startPhaseProfile,
  stopPhaseProfile,
  problemsOf,
  cpuPerRequest,
  formatTable,
  fmt,
} = require('./bench-kit');

const TARGETS = { minCreatesPerRead: 0.4, minFullPerEmpty: 0.8, maxSeedS: 120, maxRestartHealthyS: 10 };
const CATALOG_STREAM = 'EVENTS_CATALOG';
/**
 * The durables that consume every catalog event (the storefront's projection, the webhooks intake): a run's CPU figures
 * count only the work done during it, so a consumer falling behind would make a create look cheaper than it is.
 */
const CATALOG_CONSUMERS = { storefront: 'storefront-catalog-projection', webhooks: 'webhooks-delivery-catalog' };

async function runWritesBench(stack, settings) {
  const config = {
    connections: envNumber('BENCH_WRITES_CONNECTIONS', 10),
    durationS: settings.durationS,
    warmupS: envNumber('BENCH_WRITES_WARMUP_S', 5, { allowZero: true }),
    stackWarmupS: envNumber('BENCH_WRITES_STACK_WARMUP_S', 15, { allowZero: true }),
    pairs: envNumber('BENCH_WRITES_PAIRS', 5),
    fullPairs: envNumber('BENCH_WRITES_FULL_PAIRS', 3),
    seedProducts: envNumber('BENCH_SEED_PRODUCTS', 100_000, { allowZero: true }),
    seedConnections: envNumber('BENCH_SEED_CONNECTIONS', 32),
    seedMaxS: envNumber('BENCH_SEED_MAX_S', 900),
    restart: envNumber('BENCH_WRITES_RESTART', 1, { allowZero: true }) > 0,
    settleMaxS: envNumber('BENCH_SETTLE_MAX_S', 300),
  };
  const runId = `${Date.now().toString(36)}${process.pid.toString(36)}`;
  /** Products the store holds: every 2xx answer to a POST created one. */
  let created2xx = 1;
  /** A new store of this run: `handle` (letters and digits) makes its subdomain and owner's email unique with the run id. */
  const newStore = (name, handle) =>
    storectl(stack.env, [
      'store',
      'create',
      '--name',
      name,
      '--subdomain',
      `${handle}${runId}`,
      '--email',
      `${handle}-${runId}@example.com`,
      '--password',
      'bench-password-0123456789',
    ]);
  const created = await newStore('Bench Writes', 'writes');
  const headers = { 'API-KEY': created.api_key };
  const jsonHeaders = { ...headers, 'Content-Type': 'application/json' };
  const productsUrl = `${stack.baseUrl}/v1/products.json`;
  const body = (tag) =>
    JSON.stringify({
      name: `Bench ${tag} ${runId} [<n>]`,
      cents: 1999,
      status: 'active',
      description: 'A product created by the writes benchmark.',
      tag_list: ['bench', 'writes'],
    });

  // One product to read, created (and read back) the way the load will do it.
  const first = await fetch(productsUrl, { method: 'POST', headers: jsonHeaders, body: body('first').replace('[<n>]', '0') });
  const firstBody = await first.json();
  const productId = firstBody?.data?.id ?? firstBody?.id;
  if (first.status < 200 || first.status > 299 || !(productId > 0))
    throw new Error(`POST /v1/products.json answered ${first.status}: ${JSON.stringify(firstBody).slice(0, 500)}`);
  const productUrl = `${stack.baseUrl}/v1/products/${productId}.json`;
  const check = await fetch(productUrl, { headers });
  if (check.status !== 200) throw new Error(`GET /v1/products/${productId}.json answered ${check.status}`);
  log(`store ${created.store.id}: product ${productId} created and read back`);

  // The stack's warm-up, in a store of its own: the measured store stays empty until its phase.
  if (config.stackWarmupS > 0) {
    const warm = await newStore('Bench Writes warm-up', 'warm');
    const warmHeaders = { 'API-KEY': warm.api_key, 'Content-Type': 'application/json' };
    const warmRun = await runLoad(
      {
        title: `stack warm-up (POST to store ${warm.store.id})`,
        url: productsUrl,
        method: 'POST',
        headers: warmHeaders,
        body: body('warm-up'),
        connections: config.connections,
        durationS: config.stackWarmupS,
        warmupS: 0,
      },
      {},
    );
    log(
      `stack warm-up: ${fmt(warmRun.measured['2xx'])} products created in store ${warm.store.id} ` +
        `in ${fmt(warmRun.measured.durationS, 1)} s`,
    );
  }

  const watch = () => ({
    gateway: stack.pids.gateway,
    catalog: stack.pids.catalog,
    shipping: stack.pids.shipping,
    storefront: stack.pids.storefront,
    webhooks: stack.pids.webhooks,
    nats: stack.pids.nats,
    stack: stack.launcher.pid,
  });
  const results = {
    config,
    loadAverage: os.loadavg(),
    phases: {},
    profiles: [],
    startup: stack.starts === 1 ? stack.startTimes : undefined,
  };

  /**
   * One measured phase (warm-up first), bracketed by the catalog stream's sequence and, if asked, a phase profile.
   * `otherStore`: its POSTs go to a store of their own (holding nothing before), not to the one being seeded.
   */
  const phase = async (name, loadConfig, { otherStore = false } = {}) => {
    await untilStreamSettles(stack.natsUrl, CATALOG_STREAM, { maxS: config.settleMaxS });
    await untilIdle(stack, { maxS: 30 });
    const productsBefore = otherStore ? 0 : created2xx;
    const seqBefore = await streamLastSeq(stack.natsUrl, CATALOG_STREAM);
    let seqAtStart;
    let measuringStarted;
    const run = await runLoad(loadConfig, watch(), {
      onMeasuring: () => {
        measuringStarted = Date.now();
        startPhaseProfile(stack, settings, name);
        seqAtStart = streamLastSeq(stack.natsUrl, CATALOG_STREAM).catch(() => undefined);
      },
    });
    const seqAtEnd = await streamLastSeq(stack.natsUrl, CATALOG_STREAM).catch(() => undefined);
    const behindAtEnd = await consumersBehind(stack.natsUrl, CATALOG_STREAM, Object.values(CATALOG_CONSUMERS)).catch(() => ({}));
    results.profiles.push(...(await stopPhaseProfile(stack, settings, name)));
    if (loadConfig.method === 'POST' && !otherStore) created2xx += (run.warmup?.['2xx'] ?? 0) + run.measured['2xx'];
    const settle = await untilStreamSettles(stack.natsUrl, CATALOG_STREAM, { maxS: config.settleMaxS });
    run.phase = {
      productsBefore,
      measuringStarted,
      seqBefore,
      seqAtStart: await seqAtStart,
      seqAtEnd,
      seqSettled: settle.lastSeq,
      drainS: settle.seconds,
      settled: settle.settled,
      behindAtEnd,
    };
    results.phases[name] = run;
    logPhase(name, run);
    return run;
  };

  const createConfig = (title, tag, createHeaders = jsonHeaders) => ({
    title,
    url: productsUrl,
    method: 'POST',
    headers: createHeaders,
    body: body(tag),
    connections: config.connections,
    durationS: config.durationS,
    warmupS: config.warmupS,
  });
  const readConfig = (title) => ({
    title,
    url: productUrl,
    headers,
    connections: config.connections,
    durationS: config.durationS,
    warmupS: config.warmupS,
  });
  await phase('read', readConfig('GET /v1/products/:id'));
  await phase('create-empty', createConfig('POST /v1/products (empty store)', 'empty'));
  // More pairs of the two, each POST run in an empty store of its own, every other pair POST first: the machine's
  // speed drifts by ±20% within a minute, so the creates/reads ratio is judged on the median of adjacent pairs (five:
  // within one run of three, single pairs ranged from 0.36 to 0.51 on one build).
  for (let pair = 2; pair <= config.pairs; pair++) {
    const other = await newStore(`Bench Writes ${pair}`, `writes${pair}`);
    const createPhase = () =>
      phase(
        `create-empty-${pair}`,
        createConfig(`POST /v1/products (empty store ${other.store.id}, pair ${pair})`, `empty${pair}`, {
          'API-KEY': other.api_key,
          'Content-Type': 'application/json',
        }),
        { otherStore: true },
      );
    const readPhase = () => phase(`read-${pair}`, readConfig(`GET /v1/products/:id (pair ${pair})`));
    await inTurn(pair % 2 === 0, createPhase, readPhase);
  }

  // Seeding, through the gateway: as many POSTs as the store lacks, many in flight, timed until the last answer.
  const before = created2xx;
  const missing = Math.max(0, config.seedProducts - before);
  if (missing > 0) {
    const connections = Math.min(config.seedConnections, missing);
    const seedSeqStart = await streamLastSeq(stack.natsUrl, CATALOG_STREAM);
    const seedRun = await runLoad(
      {
        title: `seed ${missing.toLocaleString('en-US')} products`,
        url: productsUrl,
        method: 'POST',
        headers: jsonHeaders,
        body: body('seed'),
        connections,
        durationS: config.seedMaxS,
        warmupS: 0,
        amount: missing,
        maxS: config.seedMaxS,
      },
      watch(),
    );
    const seedSeqEnd = await streamLastSeq(stack.natsUrl, CATALOG_STREAM);
    created2xx += seedRun.measured['2xx'];
    const m = seedRun.measured;
    log(
      `seeded ${fmt(m['2xx'])} products through the gateway in ${fmt(m.durationS, 1)} s ` +
        `(${fmt(m['2xx'] / m.durationS)}/s, p50 ${m.latencyMs.p50} ms, p99 ${m.latencyMs.p99} ms, non-2xx ${m.non2xx}, ` +
        `errors ${m.errors + m.timeouts}); store at ${fmt(created2xx)}; ${fmt(seedSeqEnd - seedSeqStart)} events published meanwhile`,
    );
    const settle = await untilStreamSettles(stack.natsUrl, CATALOG_STREAM, { maxS: config.settleMaxS });
    const settled = settle.settled
      ? `settled ${fmt(settle.seconds, 1)} s after the last answer`
      : `still growing after ${fmt(settle.seconds, 0)} s`;
    log(`outbox relay after the seeding: EVENTS_CATALOG at ${fmt(settle.lastSeq)}, ${settled}`);
    results.seeding = {
      requested: missing,
      connections,
      productsBefore: before,
      productsAfter: created2xx,
      run: seedRun,
      seqStart: seedSeqStart,
      seqEnd: seedSeqEnd,
      seqSettled: settle.lastSeq,
      drainS: settle.seconds,
      settled: settle.settled,
    };
    results.seeding.listed = await countProducts(productsUrl, headers);
  } else {
    results.seeding = { requested: 0, productsBefore: before, productsAfter: before };
  }
  log(`catalog process memory after the seeding: ${JSON.stringify(memoryOf(stack.pids.catalog))}`);
  await untilIdle(stack, { maxS: 60 });
  results.catalogMemoryAfterSeed = memoryOf(stack.pids.catalog);
  results.stackMemoryAfterSeed = reportStackMemory(
    stack,
    `idle after seeding the store to ${results.seeding.productsAfter.toLocaleString('en-US')} products`,
    { judged: false },
  );

  // Creates on the full store, each run beside one on an empty store of its own (every other pair the empty one first):
  // judged against the empty-store runs of half an hour earlier, one run in a slow spell of the machine read as a
  // slowdown of the store (0.78 once, with the gateway's own µs per create up by a third).
  for (let pair = 1; pair <= config.fullPairs; pair++) {
    const fresh = await newStore(`Bench Writes fresh ${pair}`, `fresh${pair}`);
    const fullPhase = () =>
      phase(
        fullPhaseName(pair),
        createConfig(`POST /v1/products (${created2xx.toLocaleString('en-US')} products, pair ${pair})`, `full${pair}`),
      );
    const freshPhase = () =>
      phase(
        `create-fresh-${pair}`,
        createConfig(`POST /v1/products (empty store ${fresh.store.id}, beside the full store, pair ${pair})`, `fresh${pair}`, {
          'API-KEY': fresh.api_key,
          'Content-Type': 'application/json',
        }),
        { otherStore: true },
      );
    await inTurn(pair % 2 === 1, fullPhase, freshPhase);
  }
  results.listedAtEnd = await countProducts(productsUrl, headers);
  // A seed cut short by BENCH_SEED_MAX_S may have created a few products whose answers it never read.
  results.productsAtEnd = results.listedAtEnd ?? created2xx;
  await untilIdle(stack, { maxS: 60 });
  results.catalogMemoryAtEnd = memoryOf(stack.pids.catalog);

  if (config.restart) {
    // The launcher's own per-process limit (STARTUP_TIMEOUT_MS, 30 s) is raised so a slow start is measured rather than aborted.
    const restart = await restartStack(stack, { timeoutMs: 300_000, env: { STARTUP_TIMEOUT_MS: '280000' } });
    const reread = await fetch(productUrl, { headers });
    if (reread.status !== 200) throw new Error(`after the restart GET /v1/products/${productId}.json answered ${reread.status}`);
    const listed = await countProducts(productsUrl, headers);
    if (listed !== undefined && results.listedAtEnd !== undefined && listed !== results.listedAtEnd)
      throw new Error(`after the restart the store lists ${listed} products, ${results.listedAtEnd} before`);
    await untilIdle(stack, { maxS: 60 });
    results.restart = { ...restart, products: results.productsAtEnd, listed, catalogMemory: memoryOf(stack.pids.catalog) };
    log(
      `restart: stopped in ${fmt(restart.stopMs / 1000, 1)} s, healthy ${fmt(restart.healthyMs / 1000, 1)} s after ` +
        `spawn; catalog ${JSON.stringify(results.restart.catalogMemory)}`,
    );
  }

  results.verdict = report(results, settings);
  return results;
}

/** The full-store create phase of a pair: the first keeps the name it had before there were pairs (`create-full`). */
const fullPhaseName = (pair) => (pair === 1 ? 'create-full' : `create-full-${pair}`);

/** Runs the two phases of a pair one after the other, `a` first when `aFirst`. */
async function inTurn(aFirst, a, b) {
  await (aFirst ? a : b)();
  await (aFirst ? b : a)();
}

/**
 * The store's product count as the API lists it (a check of the count kept from the 2xx answers).
 * Retried for up to a minute; undefined (with a warning) if the listing keeps failing, e.g. 503
 * when the catalog is too busy to answer within the gateway's deadline.
 */
async function countProducts(productsUrl, headers) {
  let last;
  for (let attempt = 0; attempt < 20; attempt++) {
    try {
      const response = await fetch(productsUrl, { headers, signal: AbortSignal.timeout(30_000) });
      const page = await response.json();
      if (response.status === 200 && typeof page?.pagination?.total === 'number') return page.pagination.total;
      last = `${response.status}: ${JSON.stringify(page).slice(0, 200)}`;
    } catch (error) {
      last = error instanceof Error ? error.message : String(error);
    }
    await sleep(3_000);
  }
  log(`GET /v1/products.json kept failing (${last}); the product count is the one kept from the 2xx answers`);
  return undefined;
}

/** How far the catalog's consumers were behind the stream when the run ended. */
function behindText(behind = {}) {
  const parts = Object.entries(CATALOG_CONSUMERS).map(
    ([name, durable]) => `${name} ${behind[durable] === undefined ? 'n/a' : fmt(behind[durable])}`,
  );
  return `consumers behind at the end: ${parts.join(', ')}`;
}

/** CPU µs per request of the stack's processes not shown in their own column. */
function restPerRequest(run) {
  const whole = cpuPerRequest(run, 'stack');
  if (whole === undefined) return undefined;
  return (
    whole -
    ['gateway', 'catalog', 'shipping', 'storefront', 'webhooks', 'nats'].reduce((sum, name) => sum + (cpuPerRequest(run, name) ?? 0), 0)
  );
}

function logPhase(name, run) {
  const m = run.measured;
  const us = (server) => fmt(cpuPerRequest(run, server));
  const { seqAtStart, seqAtEnd, seqSettled, drainS, settled } = run.phase;
  log(
    `${name}: ${fmt(m.requestsPerSecond)} req/s, p50 ${m.latencyMs.p50} ms, p99 ${m.latencyMs.p99} ms, ` +
      `${m.requestsTotal} responses, non-2xx ${m.non2xx}, errors ${m.errors + m.timeouts}; ` +
      `µs/req gateway ${us('gateway')}, catalog ${us('catalog')}, shipping ${us('shipping')}, ` +
      `storefront ${us('storefront')}, webhooks ${us('webhooks')}, nats ${us('nats')}, stack ${us('stack')}; ` +
      `events ${fmt(seqAtEnd - seqAtStart)} during, ${fmt(seqSettled - seqAtEnd)} after ` +
      `(${settled ? `drained in ${fmt(drainS, 1)} s` : 'not drained'}); ${behindText(run.phase.behindAtEnd)}`,
  );
}

function report(results, settings) {
  const { config, phases, seeding } = results;
  const out = [''];
  out.push(
    `writes through the gateway — POST /v1/products.json (JSON, a new name per request) and GET ` +
      `/v1/products/:id.json, ${config.connections} connections, ${config.durationS}s measured after ${config.warmupS}s warm-up`,
  );
  if (settings.phaseProfDir) out.push('non-default: PHASE PROFILING ON (figures not comparable)');
  out.push(
    `machine: ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown'}), node ${process.version}; load ` +
      `average at the start: ${results.loadAverage.map((n) => n.toFixed(2)).join(', ')}`,
  );
  out.push('');
  const us = (run, server) => fmt(server === 'rest' ? restPerRequest(run) : cpuPerRequest(run, server));
  const rows = [
    [
      'phase',
      'products',
      'req/s',
      'p50 ms',
      'p99 ms',
      'max ms',
      'responses',
      'non-2xx',
      'errors',
      'µs/req gateway',
      'catalog',
      'shipping',
      'storefront',
      'webhooks',
      'nats',
      'rest',
      'whole stack',
    ],
  ];
  const labels = { read: 'GET one product', 'create-empty': 'POST, empty store', 'create-full': 'POST, full store' };
  for (let pair = 2; pair <= config.pairs; pair++) {
    labels[`read-${pair}`] = `GET one product (${pair})`;
    labels[`create-empty-${pair}`] = `POST, empty store (${pair})`;
  }
  for (let pair = 1; pair <= config.fullPairs; pair++) {
    if (pair > 1) labels[fullPhaseName(pair)] = `POST, full store (${pair})`;
    labels[`create-fresh-${pair}`] = `POST, beside full (${pair})`;
  }
  for (const [name, run] of Object.entries(phases)) {
    const m = run.measured;
    rows.push([
      labels[name] ?? name,
      fmt(run.phase.productsBefore),
      fmt(m.requestsPerSecond),
      fmt(m.latencyMs.p50),
      fmt(m.latencyMs.p99),
      fmt(m.latencyMs.max),
      fmt(m.requestsTotal),
      fmt(m.non2xx),
      fmt(m.errors + m.timeouts),
      us(run, 'gateway'),
      us(run, 'catalog'),
      us(run, 'shipping'),
      us(run, 'storefront'),
      us(run, 'webhooks'),
      us(run, 'nats'),
      us(run, 'rest'),
      us(run, 'stack'),
    ]);
  }
  out.push(formatTable(rows));
  out.push(
    '(products: in the store when the warm-up started; µs/req: CPU time of each process over the responses; whole ' +
      'stack = launcher and every process under it; rest = the whole stack less the columns before it: launcher, identity, orders)',
  );

  out.push('');
  out.push("the catalog's outbox relay (events on EVENTS_CATALOG):");
  for (const name of Object.keys(phases).filter((phaseName) => phaseName.startsWith('create'))) {
    const run = phases[name];
    const { seqBefore, seqAtStart, seqAtEnd, seqSettled, drainS } = run.phase;
    const published = seqAtEnd - seqAtStart;
    const creates = run.measured.requestsTotal;
    const allCreates = creates + (run.warmup?.requestsTotal ?? 0);
    const drained = run.phase.settled ? `drained ${fmt(drainS, 1)} s later` : `still publishing ${fmt(drainS, 0)} s later`;
    out.push(
      `  ${labels[name].padEnd(22)} ${fmt(published)} events published during the ${fmt(run.measured.durationS, 1)} s ` +
        `of ${fmt(creates)} creates (${fmt(published / run.measured.durationS)}/s); ${fmt(seqSettled - seqAtEnd)} more ` +
        `after the run, ${drained}; ${fmt((seqSettled - seqBefore) / allCreates, 2)} events per create; ` +
        behindText(run.phase.behindAtEnd),
    );
  }
  if (seeding.run) {
    const m = seeding.run.measured;
    out.push(
      `  seeding            ${fmt(seeding.seqEnd - seeding.seqStart)} events published during ` +
        `the ${fmt(m.durationS, 1)} s of seeding (${fmt(m['2xx'])} creates); ` +
        (seeding.settled
          ? `the rest drained ${fmt(seeding.drainS, 1)} s after the last answer`
          : `${fmt(seeding.seqSettled - seeding.seqEnd)} more in the ${fmt(seeding.drainS, 0)} s after it, still publishing ` +
            `when we went on (BENCH_SETTLE_MAX_S)`),
    );
  }

  out.push('');
  const invalid = [];
  for (const [name, run] of Object.entries(phases)) {
    const problems = problemsOf(run);
    if (problems.length > 0) invalid.push(`${labels[name] ?? name}: ${problems.join('; ')}`);
  }
  let seedSeconds;
  let seedRate;
  if (seeding.run) {
    const m = seeding.run.measured;
    seedSeconds = m.durationS;
    seedRate = m['2xx'] / m.durationS;
    const problems = problemsOf(seeding.run);
    if (problems.length > 0) invalid.push(`seeding: ${problems.join('; ')}`);
    out.push(
      `seeding through the gateway (POST, ${seeding.connections} connections): ${fmt(m['2xx'])} products ` +
        `in ${fmt(seedSeconds, 1)} s = ${fmt(seedRate)} products/s, p50 ${fmt(m.latencyMs.p50)} ms, ` +
        `p99 ${fmt(m.latencyMs.p99)} ms; store at ${fmt(seeding.productsAfter)} products`,
    );
    out.push(
      `  server CPU µs per product: gateway ${us(seeding.run, 'gateway')}, catalog ${us(seeding.run, 'catalog')}, ` +
        `shipping ${us(seeding.run, 'shipping')}, storefront ${us(seeding.run, 'storefront')}, ` +
        `webhooks ${us(seeding.run, 'webhooks')}, nats ${us(seeding.run, 'nats')}, rest ${us(seeding.run, 'rest')}, ` +
        `whole stack ${us(seeding.run, 'stack')}`,
    );
    if (seeding.productsAfter < config.seedProducts)
      out.push(`  the seed stopped short of ${fmt(config.seedProducts)} (BENCH_SEED_MAX_S=${config.seedMaxS})`);
  } else {
    out.push(`seeding: none needed (store at ${fmt(seeding.productsAfter)} products, BENCH_SEED_PRODUCTS=${fmt(config.seedProducts)})`);
  }
  const mem = (figures) =>
    figures
      ? `RSS ${fmt(figures.rssKb / 1024, 1)} MB (peak ${fmt(figures.hwmKb / 1024, 1)} MB, PSS ${fmt(figures.pssKb / 1024, 1)} MB)`
      : 'n/a';
  if (results.startup)
    out.push(`first start of the stack (empty DATA_DIR): /healthz answered 200 ${fmt(results.startup.healthyMs / 1000, 1)} s after spawn`);
  out.push(
    `catalog process memory, idle after the seeding (${fmt(seeding.productsAfter)} products in the ` +
      `store): ${mem(results.catalogMemoryAfterSeed)}`,
  );
  out.push(
    `catalog process memory, idle after the full-store POST run (${fmt(results.productsAtEnd)} ` +
      `products):  ${mem(results.catalogMemoryAtEnd)}`,
  );
  if (results.restart) {
    const r = results.restart;
    out.push(
      `restart on the same DATA_DIR (${fmt(r.products)} products): stopped (SIGINT) in ${fmt(r.stopMs / 1000, 1)} s; ` +
        `/healthz answered 200 ${fmt(r.healthyMs / 1000, 1)} s after spawn (ready line ${fmt(r.readyMs / 1000, 1)} s)`,
    );
    out.push(`  catalog process memory after the restart, idle: ${mem(r.catalogMemory)}`);
    if (r.healthyMs > 30_000) out.push('  (over 30 s: `npm start` with its default STARTUP_TIMEOUT_MS would have given up)');
  }

  // Each pair: the creates/s of a POST run over the reads/s of the GET run next to it.
  const rate = (name) => phases[name]?.measured.requestsPerSecond;
  const pairs = [{ reads: rate('read'), creates: rate('create-empty') }];
  for (let pair = 2; pair <= config.pairs; pair++) pairs.push({ reads: rate(`read-${pair}`), creates: rate(`create-empty-${pair}`) });
  const pairRatios = pairs.map((pair) => pair.creates / pair.reads);
  const ratio = median(pairRatios);
  const empty = median(pairs.map((pair) => pair.creates));
  // Each full-store pair: the creates/s on the full store over those on an empty store measured next to it.
  const fullPairs = [];
  for (let pair = 1; pair <= config.fullPairs; pair++)
    fullPairs.push({ full: rate(fullPhaseName(pair)), fresh: rate(`create-fresh-${pair}`) });
  const fullPairRatios = fullPairs.map((pair) => pair.full / pair.fresh);
  const fullRatio = median(fullPairRatios);
  const full = median(fullPairs.map((pair) => pair.full));
  const seededAll = seeding.productsAfter >= config.seedProducts;
  const verdicts = {
    createsPerRead: { value: ratio, met: ratio >= TARGETS.minCreatesPerRead },
    fullPerEmpty: { value: fullRatio, met: fullRatio >= TARGETS.minFullPerEmpty },
    // The create runs before the seed filled part of the store: judged on 100,000 at the seed's own rate.
    seedSeconds: {
      value: seedRate > 0 ? 100_000 / seedRate : undefined,
      met: seeding.run ? seededAll && 100_000 / seedRate < TARGETS.maxSeedS && config.seedProducts >= 100_000 : undefined,
    },
    restartHealthyS: {
      value: results.restart ? results.restart.healthyMs / 1000 : undefined,
      met: results.restart ? results.restart.healthyMs / 1000 < TARGETS.maxRestartHealthyS : undefined,
    },
  };
  const judged = (verdict) => (verdict.met === undefined ? 'n/a' : verdict.met ? 'MET' : 'NOT MET');
  out.push('');
  out.push(
    'creates/reads per pair (creates/s on an empty store / reads/s next to it): ' +
      `${pairs.map((pair, i) => `${fmt(pair.creates)} / ${fmt(pair.reads)} = ${fmt(pairRatios[i], 3)}`).join(';  ')}`,
  );
  out.push(
    `creates/reads, median of ${pairs.length}: ${fmt(ratio, 3)} (lowest ${fmt(Math.min(...pairRatios), 3)}, ` +
      `highest ${fmt(Math.max(...pairRatios), 3)})`,
  );
  out.push(
    `creates/s after ${fmt(seeding.productsAfter)} products / on an empty store next to it: ` +
      `${fullPairs.map((pair, i) => `${fmt(pair.full)} / ${fmt(pair.fresh)} = ${fmt(fullPairRatios[i], 3)}`).join(';  ')}`,
  );
  out.push(
    `creates full/empty, median of ${fullPairs.length}: ${fmt(fullRatio, 3)} ` +
      `(lowest ${fmt(Math.min(...fullPairRatios), 3)}, highest ${fmt(Math.max(...fullPairRatios), 3)});  full ` +
      `store ${fmt(full)}/s (median) against ${fmt(empty)}/s on the empty stores of the creates/reads pairs`,
  );
  out.push('');
  out.push('targets (issue):');
  out.push(
    `  creates/reads >= ${TARGETS.minCreatesPerRead} (median)           ${fmt(ratio, 3).padStart(10)}   ${judged(verdicts.createsPerRead)}`,
  );
  const storeShort = seeding.productsAfter < 100_000 ? ` (store at ${fmt(seeding.productsAfter)}, not 100,000)` : '';
  out.push(
    `  creates full/empty >= ${TARGETS.minFullPerEmpty}               ${fmt(fullRatio, 3).padStart(10)}   ` +
      `${judged(verdicts.fullPerEmpty)}${storeShort}`,
  );
  const seeded = seeding.run ? ` (${fmt(seeding.run.measured['2xx'])} seeded in ${fmt(seedSeconds, 1)} s; 100,000 at that rate)` : '';
  out.push(
    `  100,000 seeded via gateway < ${TARGETS.maxSeedS} s   ${`${fmt(verdicts.seedSeconds.value, 1)} s`.padStart(10)}   ` +
      `${judged(verdicts.seedSeconds)}${seeded}`,
  );
  const restartShort =
    results.restart && results.restart.products < 100_000 ? ` (on ${fmt(results.restart.products)} products, not 100,000)` : '';
  out.push(
    `  restart healthy < ${TARGETS.maxRestartHealthyS} s                 ${`${fmt(verdicts.restartHealthyS.value, 1)} s`.padStart(10)}   ` +
      `${judged(verdicts.restartHealthyS)}${restartShort}`,
  );
  out.push(`  idle RSS of the stack: see the memory tables`);

  if (results.profiles.length > 0) {
    out.push('');
    out.push('phase profiles (summary: node test/bench/profile-summary.js <file>):');
    for (const file of results.profiles) out.push(`  ${file}`);
  }
  if (invalid.length > 0) {
    const bar = '!'.repeat(78);
    out.push('');
    out.push(bar);
    out.push('!!! INVALID RUN: not every request got a 2xx answer');
    for (const line of invalid) out.push(`!!!   ${line}`);
    out.push(bar);
  }
  process.stdout.write(`${out.join('\n')}\n`);
  return { ...verdicts, invalid };
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

module.exports = { runWritesBench };
