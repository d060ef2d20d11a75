'use strict';
// Catalog at scale: listing a page of 20 products and reading one product on a store holding
// BENCH_CATALOG_LARGE products (100,000) against one holding BENCH_CATALOG_SMALL (1,000), in the
// same run, through the gateway. Cost must not grow with the store: the latency ratio should stay near 1.
// Searches (`q`, a contains-match) scan by design: their figures say what a scan of the store costs. The low-stock
// list (GET /v1/variants) reads an index range, like the lists.
//
// The stores are seeded over gRPC straight to the catalog service (CreateProduct, many in flight),
// so the seed goes through the same use case, indexes and outbox as an API call, minus the HTTP hop.
const os = require('node:os');
const path = require('node:path');
const { REPO_ROOT, envNumber, log, storectl, runLoad, problemsOf, formatTable, fmt } = require('./bench-kit');

const SEED_CONCURRENCY = 32;
const STATUSES = ['active', 'active', 'active', 'hidden', 'coming soon'];
/** The low-stock list's threshold; the seed gives product n's variant stockOf(n) units, 0..99 spread over the store. */
const LOW_STOCK_MAX = 5;
const stockOf = (n) => (n * 7_919) % 100;

async function runCatalogScaleBench(stack, settings) {
  const sizes = { small: envNumber('BENCH_CATALOG_SMALL', 1_000), large: envNumber('BENCH_CATALOG_LARGE', 100_000) };
  const durationS = envNumber('BENCH_CATALOG_DURATION_S', 5);
  const connections = envNumber('BENCH_CATALOG_CONNECTIONS', 10);
  const { client, catalog } = catalogClient(stack);

  const stores = {};
  for (const [name, count] of Object.entries(sizes)) {
    const suffix = `${name}${Date.now().toString(36)}`;
    const created = await storectl(stack.env, [
      'store',
      'create',
      '--name',
      `Bench ${name}`,
      '--subdomain',
      suffix,
      '--email',
      `${suffix}@example.com`,
      '--password',
      'bench-password-0123456789',
    ]);
    stores[name] = { storeId: created.store.id, apiKey: created.api_key, count };
    stores[name].seedSeconds = await seedProducts(client, catalog, created.store.id, count);
    await untilEventsSettle(stack);
    await untilLowStockListed(stack, created.api_key, count);
    stores[name].ids = await firstAndMiddle(stack, created.api_key);
  }

  const results = { sizes, durationS, connections, loadAverage: os.loadavg(), seeding: {}, runs: {} };
  for (const [name, store] of Object.entries(stores)) results.seeding[name] = { products: store.count, seconds: store.seedSeconds };
  const operations = [
    ['list first page', () => '/v1/products.json'],
    ['list a middle page (newer_than_id)', (store) => `/v1/products.json?newer_than_id=${store.ids.middle}`],
    ['list a filtered page (status=hidden, DESC)', () => '/v1/products.json?status=hidden&sort_direction=DESC'],
    ['get one product', (store) => `/v1/products/${store.ids.middle}.json`],
    // "Product <n>" of the middle of the store: one match (no longer name contains it), found half-way through the scan.
    ['search, one match (q=product <n>)', (store) => `/v1/products.json?q=product%20${Math.floor(store.count / 2) + 1}`],
    ['search, no match (q=oolong)', () => '/v1/products.json?q=oolong'],
    ['search, every product matches (q=PRODUCT)', () => '/v1/products.json?q=PRODUCT'],
    ['search and status (q=product 1, hidden)', () => '/v1/products.json?q=product%201&status=hidden'],
    [`low-stock variants (in_stock_max=${LOW_STOCK_MAX})`, () => `/v1/variants.json?in_stock_max=${LOW_STOCK_MAX}`],
  ];
  for (const [operation, pathOf] of operations) {
    results.runs[operation] = {};
    for (const [name, store] of Object.entries(stores)) {
      const url = `${stack.baseUrl}${pathOf(store)}`;
      const config = { title: `${operation} (${name})`, url, headers: { 'API-KEY': store.apiKey }, connections, durationS, warmupS: 1 };
      results.runs[operation][name] = await runLoad(config, { catalog: stack.pids.catalog, gateway: stack.pids.gateway });
    }
  }
  results.verdict = report(results);
  return results;
}

/** A gRPC client of the stack's catalog service, and the contracts' catalog messages it takes. */
function catalogClient(stack) {
  const { catalog } = require(path.join(REPO_ROOT, 'libs/contracts/dist'));
  const { createClient } = require(path.join(REPO_ROOT, 'libs/grpc-runtime/dist'));
  return { client: createClient(catalog.CatalogServiceClient, stack.env.CATALOG_GRPC_ADDR, { deadlineMs: 30_000 }), catalog };
}

/**
 * Creates `count` products in the store, SEED_CONCURRENCY at a time, named `Product <n>`, each variant with stockOf(n)
 * units (so about 6% at or under LOW_STOCK_MAX); answers the seconds it took. The dashboard bench seeds with it too.
 */
async function seedProducts(client, catalog, storeId, count) {
  const started = Date.now();
  let next = 0;
  let lastLog = started;
  const worker = async () => {
    while (next < count) {
      const n = next++;
      const { product } = await client.createProduct(
        catalog.CreateProductRequest.fromPartial({
          store_id: storeId,
          name: `Product ${n}`,
          cents: 100 + (n % 5_000),
          status: STATUSES[n % STATUSES.length],
          tag_list: ['bench'],
        }),
      );
      const units = stockOf(n);
      if (units > 0) {
        const ids = { store_id: storeId, product_id: product.id, variant_id: product.variants[0].id };
        await client.updateVariant(catalog.UpdateVariantRequest.fromPartial({ ...ids, full_quantity: units, in_stock: units }));
      }
      if (Date.now() - lastLog > 10_000) {
        lastLog = Date.now();
        log(`seeding store ${storeId}: ${next.toLocaleString('en-US')} of ${count.toLocaleString('en-US')}`);
      }
    }
  };
  await Promise.all(Array.from({ length: SEED_CONCURRENCY }, worker));
  const seconds = (Date.now() - started) / 1000;
  log(`seeded store ${storeId} with ${count.toLocaleString('en-US')} products in ${seconds.toFixed(1)} s`);
  return seconds;
}

/**
 * Waits until the catalog's outbox relay has published what the seed produced (its stream stops growing),
 * so the measured reads do not share the catalog's CPU with a publishing backlog.
 */
async function untilEventsSettle(stack) {
  const { connect } = require(path.join(REPO_ROOT, 'node_modules/nats'));
  const nc = await connect({ servers: stack.natsUrl });
  try {
    const jsm = await nc.jetstreamManager();
    let last = -1;
    for (;;) {
      const { state } = await jsm.streams.info('EVENTS_CATALOG');
      if (state.last_seq === last) return;
      last = state.last_seq;
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    }
  } finally {
    await nc.close();
  }
}

/**
 * Waits until the low-stock list, which follows catalog's own variant events a moment behind, lists every variant the
 * seed left at or under the threshold.
 */
async function untilLowStockListed(stack, apiKey, count) {
  let expected = 0;
  for (let n = 0; n < count; n++) if (stockOf(n) <= LOW_STOCK_MAX) expected++;
  const url = `${stack.baseUrl}/v1/variants.json?in_stock_max=${LOW_STOCK_MAX}&limit=1`;
  for (const deadline = Date.now() + 600_000; Date.now() < deadline;) {
    const listed = await (await fetch(url, { headers: { 'API-KEY': apiKey } })).json();
    if (listed.pagination?.total === expected) return;
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
  throw new Error(`the low-stock list never reached the ${expected} variants the seed left at or under ${LOW_STOCK_MAX}`);
}

/** A product id in the middle of the store (for the middle page and the single read), found through the API. */
async function firstAndMiddle(stack, apiKey) {
  const headers = { 'API-KEY': apiKey };
  const first = await (await fetch(`${stack.baseUrl}/v1/products.json`, { headers })).json();
  const { total, current_max_id: maxId } = first.pagination;
  const firstId = first.data.products[0].id;
  // Ids of one store are not contiguous (other stores share the counter), but seeding one store at a time keeps them close.
  const guess = Math.floor((firstId + maxId) / 2);
  const page = await (await fetch(`${stack.baseUrl}/v1/products.json?newer_than_id=${guess}`, { headers })).json();
  if (!(total > 0) || page.data.products.length === 0) throw new Error('the seeded store lists no products');
  return { first: firstId, middle: page.data.products[0].id };
}

function report(results) {
  const { sizes } = results;
  const out = [''];
  out.push(
    `catalog at scale — ${sizes.large.toLocaleString('en-US')} products vs ${sizes.small.toLocaleString('en-US')} ` +
      `in the same run, through the gateway, ${results.connections} connections, ${results.durationS}s each`,
  );
  out.push(`load average when the runs started: ${results.loadAverage.map((n) => n.toFixed(2)).join(', ')}`);
  out.push(
    `seeding (gRPC CreateProduct, ${SEED_CONCURRENCY} in flight): ${Object.entries(results.seeding)
      .map(([name, s]) => `${name} ${s.products.toLocaleString('en-US')} in ${s.seconds.toFixed(1)} s`)
      .join(', ')}`,
  );
  out.push('');
  const rows = [['operation', 'store', 'req/s', 'mean ms', 'p50 ms', 'p99 ms']];
  const ratios = [];
  const invalid = [];
  for (const [operation, byStore] of Object.entries(results.runs)) {
    for (const [name, run] of Object.entries(byStore)) {
      const m = run.measured;
      rows.push([
        operation,
        `${name} (${sizes[name].toLocaleString('en-US')})`,
        fmt(m.requestsPerSecond),
        fmt(m.latencyMs.average, 2),
        fmt(m.latencyMs.p50),
        fmt(m.latencyMs.p99),
      ]);
      const problems = problemsOf(run);
      if (problems.length > 0) invalid.push(`${operation} (${name}): ${problems.join('; ')}`);
    }
    ratios.push([operation, byStore.large.measured.latencyMs.average / byStore.small.measured.latencyMs.average]);
  }
  out.push(formatTable(rows));
  out.push('');
  out.push('mean latency ratio, large store / small store (target: near 1; cost must not grow with the store):');
  for (const [operation, ratio] of ratios) out.push(`  ${operation.padEnd(44)} ${fmt(ratio, 2)}`);
  if (invalid.length > 0) {
    out.push('');
    out.push('!!! INVALID RUN: not every request got a 2xx answer');
    for (const line of invalid) out.push(`!!!   ${line}`);
  }
  process.stdout.write(`${out.join('\n')}\n`);
  return { ratios: Object.fromEntries(ratios), invalid };
}

module.exports = { runCatalogScaleBench, catalogClient, seedProducts, untilEventsSettle, untilLowStockListed, LOW_STOCK_MAX };
