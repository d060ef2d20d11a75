'use strict';
// Orders (issue 13), through the gateway, in one run:
//
// 1. list latency: GET /v1/orders.json?limit=250 on a store holding BENCH_ORDERS_LARGE (100,000) orders
//    against one holding BENCH_ORDERS_SMALL (1,000): the first page, a deep page (the middle of the store)
//    by page=N and the same page by older_than_id; mean latencies and the large/small ratio (target <= 1.2).
// 2. search and sales (issue: the owner dashboard): GET /v1/orders with q (an order number, rare and common e-mail
//    text, with a status and a week), a day of orders by created_at, and GET /v1/orders/summary over a day, a week and
//    366 days, on the same two stores (seeded orders spread over BENCH_ORDERS_SPAN_DAYS, varied e-mails, refunds).
// 3. throughput: checkouts/s (POST /s/<subdomain>/checkout, one item each) against GET /v1/orders/:id
//    req/s, 10 connections each, with p50/p99.
//
// BENCH_ORDERS_ONLY=checkouts runs 3 alone (no seeding); BENCH_ORDERS_ONLY=search seeds and runs 2 alone.
//
// Seeding: a probe of BENCH_ORDERS_SEED_PROBE checkouts (through the gateway, 10 in flight) is timed first.
// When 100,000 checkouts at that rate would take longer than BENCH_ORDERS_SEED_MAX_S (300 s), the rest is
// written straight into the orders service's database while the stack is stopped, as catalog-scale seeds
// catalog straight (there over gRPC): each document a copy of one the service itself wrote for that store
// (a checkout's open order, and one the owner shipped), given new ids, times and a status as the service's
// own transitions would leave it; the id counters are moved past them. Otherwise every order is a checkout.
const os = require('node:os');
const path = require('node:path');
const {
  REPO_ROOT,
  envNumber,
  log,
  storectl,
  runLoad,
  restartStack,
  untilIdle,
  untilStreamSettles,
  problemsOf,
  cpuPerRequest,
  formatTable,
  fmt,
} = require('./bench-kit');

const WIDE_OPEN = '1000000000';
const ORDERS_STREAM = 'EVENTS_ORDERS';
const LIST_LIMIT = 250;
const TARGET_MAX_RATIO = 1.2;
/** Issue 32 item 7: a checkout with tax and a discount code costs at most this many times a plain one's CPU. */
const TARGET_MAX_PRICED = 1.15;
const BUYER_ADDRESS = {
  name: 'Bench Buyer',
  address_1: '1 Main St',
  address_2: '',
  city: 'Springfield',
  postal: '12345',
  state: 'Illinois',
  state_abbrev: 'IL',
  country: 'US',
};
const INSERT_BATCH = 1_000;

async function runOrdersBench(stack, settings) {
  const config = {
    sizes: { small: envNumber('BENCH_ORDERS_SMALL', 1_000), large: envNumber('BENCH_ORDERS_LARGE', 100_000) },
    listDurationS: envNumber('BENCH_ORDERS_LIST_DURATION_S', 5),
    rounds: envNumber('BENCH_ORDERS_ROUNDS', 2),
    durationS: settings.durationS,
    warmupS: envNumber('BENCH_ORDERS_WARMUP_S', 2, { allowZero: true }),
    connections: envNumber('BENCH_ORDERS_CONNECTIONS', 10),
    seedProbe: envNumber('BENCH_ORDERS_SEED_PROBE', 500),
    seedMaxS: envNumber('BENCH_ORDERS_SEED_MAX_S', 300),
    settleMaxS: envNumber('BENCH_SETTLE_MAX_S', 300),
    spanDays: envNumber('BENCH_ORDERS_SPAN_DAYS', 365),
    searchConnections: envNumber('BENCH_ORDERS_SEARCH_CONNECTIONS', 2),
  };
  // Every checkout of the run comes from this one address: the per-address checkout limit is opened wide.
  const checkoutEnv = { CHECKOUT_BURST: WIDE_OPEN, CHECKOUT_PER_SECOND: WIDE_OPEN };
  await restartStack(stack, { env: checkoutEnv });
  const watch = () => ({
    gateway: stack.pids.gateway,
    orders: stack.pids.orders,
    catalog: stack.pids.catalog,
    shipping: stack.pids.shipping,
    storefront: stack.pids.storefront,
    nats: stack.pids.nats,
    stack: stack.launcher.pid,
  });
  const results = {
    config,
    loadAverage: os.loadavg(),
    machine: { cores: os.cpus().length, model: os.cpus()[0]?.model },
    seeding: {},
    lists: {},
    search: {},
    searchInputs: {},
    throughput: {},
  };

  const runId = Date.now().toString(36);
  const stores = {};
  for (const name of ['large', 'small', 'checkouts', 'money']) stores[name] = await benchStore(stack, `${name}${runId}`);
  // Issue 32 item 7: the same checkout with a tax rate for the address and a discount code (docs/money.md).
  await api(stack, stores.money, 'POST', '/v1/tax_rates.json', {
    country: 'US',
    state: 'IL',
    name: 'IL tax',
    rate: 6.25,
    applies_to_shipping: true,
  });
  await api(stack, stores.money, 'POST', '/v1/discounts.json', { code: 'BENCH10', kind: 'percentage', value: 10 });
  stores.money.discountCode = 'BENCH10';
  const checkoutsOnly = process.env.BENCH_ORDERS_ONLY === 'checkouts';
  if (checkoutsOnly) return measureCheckouts(stack, config, stores, results, watch);

  // The probe: real checkouts into the small store, timed; it decides how the rest is seeded.
  const probeCount = Math.min(config.seedProbe, config.sizes.small);
  const probe = await runLoad(
    checkoutLoad(stack, stores.small, `seed probe: ${probeCount} checkouts`, config.connections, { amount: probeCount, maxS: 600 }),
    watch(),
  );
  const probeRate = probe.measured['2xx'] / probe.measured.durationS;
  const projectedLargeS = config.sizes.large / probeRate;
  stores.small.orders = probe.measured['2xx'];
  const mode = projectedLargeS > config.seedMaxS ? 'direct' : 'checkout';
  results.seeding = {
    probe: {
      count: probe.measured['2xx'],
      seconds: probe.measured.durationS,
      perSecond: probeRate,
      p50: probe.measured.latencyMs.p50,
      p99: probe.measured.latencyMs.p99,
      problems: problemsOf(probe),
    },
    projectedLargeS,
    mode,
  };
  log(
    `seed probe: ${fmt(probe.measured['2xx'])} checkouts in ${fmt(probe.measured.durationS, 1)} s ` +
      `= ${fmt(probeRate, 1)}/s; ${fmt(config.sizes.large)} would take ~${fmt(projectedLargeS / 60, 1)} min → ` +
      `seeding ${mode === 'direct' ? 'straight into the orders database' : 'through checkout'}`,
  );

  if (mode === 'checkout') {
    for (const name of ['small', 'large']) {
      const missing = config.sizes[name] - (stores[name].orders ?? 0);
      if (missing <= 0) continue;
      const run = await runLoad(
        checkoutLoad(stack, stores[name], `seed ${fmt(missing)} checkouts (${name})`, config.connections, {
          amount: missing,
          maxS: config.seedMaxS * 4,
        }),
        watch(),
      );
      stores[name].orders = (stores[name].orders ?? 0) + run.measured['2xx'];
      results.seeding[name] = { checkouts: run.measured['2xx'], seconds: run.measured.durationS };
    }
  } else {
    for (const name of ['small', 'large']) await placeTemplateOrders(stack, stores[name]);
    const written = await seedOrdersStraight(
      stack,
      [
        { store: stores.large, count: config.sizes.large - stores.large.orders },
        { store: stores.small, count: config.sizes.small - stores.small.orders },
      ],
      { spanDays: config.spanDays, settleMaxS: config.settleMaxS, env: checkoutEnv },
    );
    results.seeding.direct = written;
    stores.large.orders = config.sizes.large;
    stores.small.orders = config.sizes.small;
    // The service reads what was written as its own: a seeded order renders, and the next checkout's id follows the counters.
    const lastSeeded = written.nextIds.orders - 1;
    const seeded = await api(stack, stores.small, 'GET', `/v1/orders/${lastSeeded}.json`).catch(() =>
      api(stack, stores.large, 'GET', `/v1/orders/${lastSeeded}.json`),
    );
    const placed = await checkoutOnce(stack, stores.checkouts);
    if (!(placed.id > lastSeeded))
      throw new Error(`a checkout after the seeding got order id ${placed.id}, not above the seeded ${lastSeeded}`);
    log(
      `seeded order ${lastSeeded} reads back (${seeded.data.status}, ${seeded.data.items.length} ` +
        `item(s), ${seeded.data.fulfillments.length} fulfillment(s)); the next checkout is order ${placed.id}`,
    );
  }

  for (const name of ['large', 'small']) {
    const first = await api(stack, stores[name], 'GET', `/v1/orders.json?limit=${LIST_LIMIT}`);
    if (first.pagination.total !== config.sizes[name])
      throw new Error(`the ${name} store lists ${first.pagination.total} orders, not ${config.sizes[name]}`);
    const deepPage = Math.max(1, Math.ceil(first.pagination.total / LIST_LIMIT / 2));
    const deep = await api(stack, stores[name], 'GET', `/v1/orders.json?limit=${LIST_LIMIT}&page=${deepPage}`);
    const olderThanId = deep.data.orders[0].id + 1;
    const same = await api(stack, stores[name], 'GET', `/v1/orders.json?limit=${LIST_LIMIT}&older_than_id=${olderThanId}`);
    if (same.data.orders[0].id !== deep.data.orders[0].id || same.data.orders.length !== deep.data.orders.length)
      throw new Error(`older_than_id=${olderThanId} does not answer page ${deepPage} of the ${name} store`);
    Object.assign(stores[name], { deepPage, olderThanId, pageBytes: JSON.stringify(first).length });
  }
  await untilStreamSettles(stack.natsUrl, ORDERS_STREAM, { maxS: config.settleMaxS });
  await untilIdle(stack, { maxS: 60 });

  results.stores = Object.fromEntries(
    Object.entries(stores).map(([name, store]) => [
      name,
      {
        storeId: store.storeId,
        orders: store.orders,
        deepPage: store.deepPage,
        olderThanId: store.olderThanId,
        pageBytes: store.pageBytes,
      },
    ]),
  );

  if (process.env.BENCH_ORDERS_ONLY === 'search') {
    await measureSearchAndSales(stack, config, stores, results, watch);
    results.verdict = report(results);
    return results;
  }
  const operations = [
    ['first page', () => `/v1/orders.json?limit=${LIST_LIMIT}`],
    ['deep page (page=N)', (store) => `/v1/orders.json?limit=${LIST_LIMIT}&page=${store.deepPage}`],
    ['deep page (older_than_id)', (store) => `/v1/orders.json?limit=${LIST_LIMIT}&older_than_id=${store.olderThanId}`],
  ];
  // Rounds of (large, small) per operation, alternating, so a change in the machine's load falls on both stores alike.
  for (const [operation, pathOf] of operations) {
    results.lists[operation] = { large: [], small: [] };
    for (let round = 1; round <= config.rounds; round++) {
      for (const name of ['large', 'small']) {
        const store = stores[name];
        results.lists[operation][name].push(
          await runLoad(
            {
              title: `GET /v1/orders ${operation} (${name}, round ${round})`,
              url: `${stack.baseUrl}${pathOf(store)}`,
              headers: { 'API-KEY': store.apiKey },
              connections: config.connections,
              durationS: config.listDurationS,
              warmupS: 1,
            },
            watch(),
          ),
        );
      }
    }
  }
  await measureSearchAndSales(stack, config, stores, results, watch);
  return measureCheckouts(stack, config, stores, results, watch);
}

const DAY_S = 86_400;

/**
 * The owner dashboard's reads on each store: searches (`q`) and a day of orders through GET /v1/orders (a page of 50),
 * and GET /v1/orders/summary over the last day, week and 366 days. Each is checked once before it is measured: the
 * number search answers its order, the summary of 366 days counts every order of the store that is not failed.
 */
async function measureSearchAndSales(stack, config, stores, results, watch) {
  const now = Math.ceil(Date.now() / 1000);
  const since = (days) => `created_at_min=${now - days * DAY_S}&created_at_max=${now}`;
  for (const name of ['large', 'small']) {
    const store = stores[name];
    const middle = Math.floor(config.sizes[name] / 2);
    const first = await api(stack, store, 'GET', `/v1/orders.json?limit=1&page=${middle}`);
    store.middleOrderId = first.data.orders[0].id;
    const byNumber = await api(stack, store, 'GET', `/v1/orders.json?q=%23${store.middleOrderId}`);
    if (byNumber.pagination.total !== 1 || byNumber.data.orders[0].id !== store.middleOrderId)
      throw new Error(`q=#${store.middleOrderId} does not answer that order of the ${name} store`);
    const failed = (await api(stack, store, 'GET', '/v1/orders.json?status=failed&limit=1')).pagination.total;
    const year = await api(stack, store, 'GET', `/v1/orders/summary.json?${since(366)}`);
    if (year.data.orders_count !== config.sizes[name] - failed)
      throw new Error(`the ${name} store's summary counts ${year.data.orders_count} orders, not ${config.sizes[name] - failed}`);
    // A seeded buyer's own part of the address: one order has it (checkouts' orders all share one address).
    const tenth = await api(stack, store, 'GET', '/v1/orders.json?limit=1&page=10');
    store.rareText = `${tenth.data.orders[0].email.split('@')[0]}@`;
    const rare = await api(stack, store, 'GET', `/v1/orders.json?q=${encodeURIComponent(store.rareText)}`);
    results.searchInputs[name] = { middleOrderId: store.middleOrderId, rareText: store.rareText, rareMatches: rare.pagination.total };
    log(
      `${name} store: q=#${store.middleOrderId} answers it; q=${store.rareText} finds ${rare.pagination.total}; the 366-day ` +
        `summary counts ${fmt(year.data.orders_count)} orders, total sales ${year.data.total_sales} ${year.data.currency}`,
    );
  }
  const operations = [
    ['q: an order number', (store) => `/v1/orders.json?q=%23${store.middleOrderId}`],
    ['q: e-mail text, 1 match', (store) => `/v1/orders.json?q=${encodeURIComponent(store.rareText)}`],
    ['q: e-mail text, 1 in 7', () => '/v1/orders.json?q=example.org'],
    ['q + status=open + 7 days', () => `/v1/orders.json?q=example.org&status=open&${since(7)}`],
    ['created_at: the last day', () => `/v1/orders.json?${since(1)}`],
    ['summary: the last day', () => `/v1/orders/summary.json?${since(1)}`],
    ['summary: 7 days', () => `/v1/orders/summary.json?${since(7)}`],
    ['summary: 366 days', () => `/v1/orders/summary.json?${since(366)}`],
  ];
  for (const [operation, pathOf] of operations) {
    results.search[operation] = {};
    for (const name of ['large', 'small']) {
      const store = stores[name];
      results.search[operation][name] = await runLoad(
        {
          title: `${operation} (${name})`,
          url: `${stack.baseUrl}${pathOf(store)}`,
          headers: { 'API-KEY': store.apiKey },
          connections: config.searchConnections,
          durationS: config.listDurationS,
          warmupS: 1,
        },
        watch(),
      );
    }
  }
}

/**
 * Throughput, on the third store: one order to read, then reads and checkouts measured in turn; then checkouts on the
 * fourth store, with its tax rate and a discount code, alternating with plain ones round by round (issue 32 item 7).
 */
async function measureCheckouts(stack, config, stores, results, watch) {
  const order = await checkoutOnce(stack, stores.checkouts);
  await untilStreamSettles(stack.natsUrl, ORDERS_STREAM, { maxS: config.settleMaxS });
  await untilIdle(stack, { maxS: 60 });
  results.throughput.read = await runLoad(
    {
      title: 'GET /v1/orders/:id',
      url: `${stack.baseUrl}/v1/orders/${order.id}.json`,
      headers: { 'API-KEY': stores.checkouts.apiKey },
      connections: config.connections,
      durationS: config.durationS,
      warmupS: config.warmupS,
    },
    watch(),
  );
  const priced = await checkoutOnce(stack, stores.money);
  if (!(priced.tax > 0 && priced.discounts > 0))
    throw new Error(`the priced checkout has no tax or discount: ${JSON.stringify(priced).slice(0, 300)}`);
  results.throughput.checkouts = { plain: [], priced: [] };
  for (let round = 1; round <= config.rounds; round++) {
    for (const [kind, store] of [
      ['plain', stores.checkouts],
      ['priced', stores.money],
    ]) {
      await untilStreamSettles(stack.natsUrl, ORDERS_STREAM, { maxS: config.settleMaxS });
      await untilIdle(stack, { maxS: 60 });
      results.throughput.checkouts[kind].push(
        await runLoad(
          checkoutLoad(stack, store, `POST /s/<subdomain>/checkout (${kind}, round ${round})`, config.connections, {
            durationS: config.durationS,
            warmupS: config.warmupS,
          }),
          watch(),
        ),
      );
    }
  }
  results.throughput.checkout = results.throughput.checkouts.plain[0];
  await untilStreamSettles(stack.natsUrl, ORDERS_STREAM, { maxS: config.settleMaxS });

  results.verdict = report(results);
  return results;
}

/** A store made with the CLI, with a class shipping to the US, a group with its rate and one product with a deep stock. */
async function benchStore(stack, subdomain) {
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
  return withCheckoutProduct(stack, { storeId: created.store.id, apiKey: created.api_key, subdomain });
}

/**
 * What a store needs before it can take a checkout: a shipping class for the US, a group with its rate, and one product
 * in that group with a deep stock. Answers the store (`{storeId, apiKey, subdomain}`) with the product's `variantId`.
 */
async function withCheckoutProduct(stack, store) {
  const shippingClass = await api(stack, store, 'POST', '/v1/shipping_classes.json', { name: 'Domestic', countries: ['US'] });
  const group = await api(stack, store, 'POST', '/v1/shipping_groups.json', {
    name: 'Standard',
    rates: [{ shipping_class_id: shippingClass.data.id, first_item_in_cents: 500, additional_item_in_cents: 150 }],
  });
  const product = await api(stack, store, 'POST', '/v1/products.json', {
    name: 'Bench Mug',
    cents: 1250,
    shipping_group_id: group.data.id,
  });
  const variantId = product.data.variants[0].variant.id;
  await api(stack, store, 'PUT', `/v1/products/${product.data.id}/variants/${variantId}.json`, {
    full_quantity: 100_000_000,
    in_stock: 100_000_000,
  });
  return { ...store, variantId };
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

const checkoutBody = (store) =>
  JSON.stringify({
    email: 'buyer@bench.example',
    address: BUYER_ADDRESS,
    items: [{ variant_id: store.variantId, quantity: 1 }],
    payment_token: 'tok_visa',
    ...(store.discountCode ? { discount_code: store.discountCode } : {}),
  });

async function checkoutOnce(stack, store) {
  const response = await fetch(`${stack.baseUrl}/s/${store.subdomain}/checkout`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: checkoutBody(store),
    signal: AbortSignal.timeout(60_000),
  });
  const body = await response.json();
  if (response.status !== 200 && response.status !== 201)
    throw new Error(`checkout answered ${response.status}: ${JSON.stringify(body).slice(0, 500)}`);
  return body.data;
}

/** load.js config for checkouts of one unit in the store (a JSON body, no credential; the gateway picks a fresh checkout key each time). */
function checkoutLoad(stack, store, title, connections, extra) {
  return {
    title,
    url: `${stack.baseUrl}/s/${store.subdomain}/checkout`,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: checkoutBody(store),
    connections,
    durationS: 1,
    warmupS: 0,
    ...extra,
  };
}

/**
 * The orders the direct seed copies, written by the service itself: an open order (a checkout) and a shipped one (a
 * checkout the owner shipped). Sets `store.templates` and counts both in `store.orders`.
 */
async function placeTemplateOrders(stack, store) {
  const placed = await checkoutOnce(stack, store);
  const shipped = await checkoutOnce(stack, store);
  const ship = await api(stack, store, 'PUT', `/v1/orders/${shipped.id}/ship.json`, {
    tracking_number: 'BENCH1',
    shipping_company: 'UPS',
  });
  if (ship.data.status !== 'shipped') throw new Error(`shipping the template order answered ${JSON.stringify(ship).slice(0, 300)}`);
  store.templates = { open: placed.id, shipped: shipped.id };
  store.orders = (store.orders ?? 0) + 2;
}

/**
 * Seeds `plans` ({store, count}: stores with their template orders) straight into the orders database: waits until the
 * orders' outbox is published, stops the stack, writes (seedOrdersDatabase), and starts the stack again with `env`.
 * Answers what seedOrdersDatabase answers, with the seconds the writing took.
 */
async function seedOrdersStraight(stack, plans, { spanDays, settleMaxS, env = {} }) {
  await untilStreamSettles(stack.natsUrl, ORDERS_STREAM, { maxS: settleMaxS });
  await stack.stop();
  const started = Date.now();
  const written = await seedOrdersDatabase(path.join(stack.dataDir, 'orders'), spanDays, plans);
  const seconds = (Date.now() - started) / 1000;
  log(`wrote ${fmt(written.orders)} orders straight into the orders database in ${fmt(seconds, 1)} s`);
  await restartStack(stack, { env, timeoutMs: 300_000 });
  return { ...written, seconds };
}

/**
 * Writes `count` orders per store into the orders database (the service is stopped): copies of the store's
 * template documents (written by the service: fields, outbox, version as it left them) with new ids, item and
 * fulfillment ids from the service's counters (moved past them), times spread evenly over the last `spanDays` up to
 * now, and the status mix of a store that has been trading a while: 80% shipped, 12% open, 4% on hold, 2% canceled,
 * 2% failed. Buyers' e-mails differ (`buyer<n>@<one of 7 domains>`); a canceled order carries the refund of its total its
 * cancel made, and one shipped order in 50 a partial refund, each an hour after the order, as the service writes them.
 */
async function seedOrdersDatabase(dir, spanDays, plans) {
  const { openDatabase } = require(path.join(REPO_ROOT, 'libs/persistence/dist'));
  const db = await openDatabase({ engine: 'embedded', dir });
  try {
    const orders = db.collection('orders');
    const counters = db.collection('counters');
    const next = {};
    for (const name of ['orders', 'order_items', 'fulfillments', 'refunds'])
      next[name] = ((await counters.findOne({ name }))?.seq ?? 0) + 1;
    let written = 0;
    for (const { store, count } of plans) {
      if (count <= 0) continue;
      const open = await orders.findOne({ store_id: store.storeId, id: store.templates.open });
      const shipped = await orders.findOne({ store_id: store.storeId, id: store.templates.shipped });
      if (!open || !shipped || open.status !== 'open' || shipped.status !== 'shipped')
        throw new Error(`the template orders of store ${store.storeId} are not as expected`);
      if (open.outbox.length > 0 || shipped.outbox.length > 0) throw new Error('the template orders still hold unpublished events');
      // The orders run up to two hours ago, so that every refund (an hour after its order) is made before now.
      const endMs = Date.now() - 2 * 3_600_000;
      const stepMs = (spanDays * 86_400_000) / count;
      for (let offset = 0; offset < count; offset += INSERT_BATCH) {
        const batch = [];
        for (let n = offset; n < Math.min(count, offset + INSERT_BATCH); n++)
          batch.push(seededOrder(n, new Date(Math.round(endMs - (count - 1 - n) * stepMs)), open, shipped, next));
        await orders.insertMany(batch);
        written += batch.length;
      }
      log(`wrote ${fmt(count)} orders of store ${store.storeId}`);
    }
    // The counters go on past every id written (nextId answers seq + 1).
    for (const [name, value] of Object.entries(next)) await counters.updateOne({ name }, { $set: { seq: value - 1 } }, { upsert: true });
    return { orders: written, nextIds: next };
  } finally {
    await db.close();
  }
}

const BUYER_DOMAINS = ['gmail.com', 'example.org', 'mail.example', 'shop.example', 'outlook.example', 'yahoo.example', 'proton.example'];

/** A succeeded refund as the service keeps it in its order (docs/money.md#refunds), made an hour after the order. */
function seededRefund(next, amount, at) {
  const id = next.refunds++;
  return {
    id,
    key: `bench-refund-${id}`,
    amount,
    items: [],
    shipping: false,
    restock: false,
    note: 'bench',
    status: 'succeeded',
    reference: `bench-${id}`,
    restock_state: null,
    created_at: new Date(at.getTime() + 3_600_000),
  };
}

function seededOrder(n, at, open, shipped, next) {
  const slot = n % 50;
  const status = slot < 40 ? 'shipped' : slot < 46 ? 'open' : slot < 48 ? 'on hold' : slot === 48 ? 'canceled' : 'failed';
  const template = status === 'shipped' ? shipped : open;
  const id = next.orders++;
  const order = structuredClone(template);
  delete order._id;
  const itemIds = new Map(order.items.map((item) => [item.id, next.order_items++]));
  const fulfillmentIds = new Map(order.fulfillments.map((fulfillment) => [fulfillment.id, next.fulfillments++]));
  order.items = order.items.map((item) => ({
    ...item,
    id: itemIds.get(item.id),
    ...(item.fulfilled_at ? { fulfilled_at: at } : {}),
    ...(item.fulfillment_id !== null && item.fulfillment_id !== undefined
      ? { fulfillment_id: fulfillmentIds.get(item.fulfillment_id) }
      : {}),
  }));
  order.fulfillments = order.fulfillments.map((fulfillment) => {
    const fulfillmentId = fulfillmentIds.get(fulfillment.id);
    return {
      ...fulfillment,
      id: fulfillmentId,
      item_ids: fulfillment.item_ids.map((itemId) => itemIds.get(itemId)),
      tracking_number: `BENCH${fulfillmentId}`,
      created_at: at,
      updated_at: at,
    };
  });
  Object.assign(order, {
    id,
    status,
    saga_key: `bench-seed-${id}/${id}`,
    created_at: at,
    confirmed_at: at,
    paid_at: status === 'failed' ? null : at,
    fulfilled_at: status === 'shipped' ? at : null,
    updated_at: at,
    stock_return: status === 'canceled' || status === 'failed' ? 'done' : null,
    email: `buyer${n}@${BUYER_DOMAINS[n % BUYER_DOMAINS.length]}`,
    outbox: [],
  });
  const refund = status === 'canceled' ? order.total : status === 'shipped' && n % 50 === 0 ? Math.min(500, order.total) : 0;
  order.refunds = refund > 0 ? [seededRefund(next, refund, at)] : [];
  order.last_refund_at = refund > 0 ? order.refunds[0].created_at : null;
  if (refund > 0) order.updated_at = order.refunds[0].created_at;
  return order;
}

function reportLists(results, out, invalid) {
  const { config, seeding, lists, stores } = results;
  out.push(
    `orders — GET /v1/orders?limit=${LIST_LIMIT} on ${fmt(config.sizes.large)} orders vs ${fmt(config.sizes.small)} ` +
      `in the same run, ${config.connections} connections, ${config.rounds} alternating rounds ` +
      `of ${config.listDurationS}s each; then checkouts against GET /v1/orders/:id, ${config.durationS}s each ` +
      `after ${config.warmupS}s warm-up`,
  );
  out.push(
    `machine: ${results.machine.cores} cores (${results.machine.model ?? 'unknown'}), node ${process.version}; load ` +
      `average at the start: ${results.loadAverage.map((n) => n.toFixed(2)).join(', ')}`,
  );
  const p = seeding.probe;
  out.push(
    `seeding: a probe of ${fmt(p.count)} checkouts took ${fmt(p.seconds, 1)} s (${fmt(p.perSecond, 1)}/s, ` +
      `p50 ${p.p50} ms, p99 ${p.p99} ms): ${fmt(config.sizes.large)} through checkout would take ` +
      `~${fmt(seeding.projectedLargeS / 60, 1)} min`,
  );
  if (seeding.direct)
    out.push(
      `  so the rest (${fmt(seeding.direct.orders)} orders) was written straight into the orders database (stack ` +
        `stopped) in ${fmt(seeding.direct.seconds, 1)} s, copies of orders the service wrote`,
    );
  for (const name of ['small', 'large'])
    if (seeding[name]) out.push(`  ${name}: ${fmt(seeding[name].checkouts)} checkouts in ${fmt(seeding[name].seconds, 1)} s`);
  out.push(
    `deep page: page ${stores.large.deepPage} of the large store, page ${stores.small.deepPage} of the small one ` +
      `(the middle of each); older_than_id answers the same page; a page of ${LIST_LIMIT} is ` +
      `~${fmt(stores.large.pageBytes / 1024)} KB of JSON`,
  );
  out.push('');
  const rows = [['operation', 'store', 'round', 'req/s', 'mean ms', 'p50 ms', 'p99 ms', 'gateway µs/req', 'orders µs/req']];
  const ratios = [];
  if (p.problems.length > 0) invalid.push(`seed probe: ${p.problems.join('; ')}`);
  const meanOf = (runs) => runs.reduce((sum, run) => sum + run.measured.latencyMs.average, 0) / runs.length;
  for (const [operation, byStore] of Object.entries(lists)) {
    for (const [name, runs] of Object.entries(byStore)) {
      for (const [index, run] of runs.entries()) {
        const m = run.measured;
        rows.push([
          operation,
          `${name} (${fmt(config.sizes[name])})`,
          index + 1,
          fmt(m.requestsPerSecond),
          fmt(m.latencyMs.average, 2),
          fmt(m.latencyMs.p50),
          fmt(m.latencyMs.p99),
          fmt(cpuPerRequest(run, 'gateway')),
          fmt(cpuPerRequest(run, 'orders')),
        ]);
        const problems = problemsOf(run);
        if (problems.length > 0) invalid.push(`${operation} (${name}, round ${index + 1}): ${problems.join('; ')}`);
      }
    }
    ratios.push([operation, meanOf(byStore.large) / meanOf(byStore.small), meanOf(byStore.large), meanOf(byStore.small)]);
  }
  out.push(formatTable(rows));
  out.push('');
  out.push(`mean latency over the rounds, large store / small store (target <= ${TARGET_MAX_RATIO}):`);
  for (const [operation, ratio, large, small] of ratios)
    out.push(
      `  ${operation.padEnd(28)} ${fmt(large, 1).padStart(7)} ms / ${fmt(small, 1).padStart(7)} ms ` +
        `= ${fmt(ratio, 2).padStart(5)}   ${ratio <= TARGET_MAX_RATIO ? 'MET' : 'NOT MET'}`,
    );
  out.push('');
  return ratios;
}

/** The dashboard's searches and summaries on both stores: latency and CPU per request of the gateway and orders. */
function reportSearch(results, out, invalid) {
  const { config, search, searchInputs } = results;
  out.push(
    `search and sales — ${config.searchConnections} connections (an owner's dashboard, not a crowd), ${config.listDurationS}s ` +
      `each after 1s warm-up; seeded orders ` +
      `spread over ${config.spanDays} days; lists are pages of 50`,
  );
  const rows = [['operation', 'store', 'req/s', 'mean ms', 'p50 ms', 'p99 ms', 'gateway µs/req', 'orders µs/req']];
  for (const [operation, byStore] of Object.entries(search)) {
    for (const [name, run] of Object.entries(byStore)) {
      const m = run.measured;
      rows.push([
        operation,
        `${name} (${fmt(config.sizes[name])})`,
        fmt(m.requestsPerSecond, 1),
        fmt(m.latencyMs.average, 2),
        fmt(m.latencyMs.p50),
        fmt(m.latencyMs.p99),
        fmt(cpuPerRequest(run, 'gateway')),
        fmt(cpuPerRequest(run, 'orders')),
      ]);
      const problems = problemsOf(run);
      if (problems.length > 0) invalid.push(`${operation} (${name}): ${problems.join('; ')}`);
    }
  }
  out.push(formatTable(rows));
  out.push(
    `q: e-mail text = ${Object.entries(searchInputs)
      .map(([name, input]) => `${input.rareText} (${name}: ${input.rareMatches} match)`)
      .join(', ')}; q: an order number = #<the middle order>`,
  );
  out.push('');
}

function report(results) {
  const { config, throughput } = results;
  const out = [''];
  const invalid = [];
  const ratios = results.seeding.probe ? reportLists(results, out, invalid) : [];
  if (Object.keys(results.search).length > 0) reportSearch(results, out, invalid);
  if (!results.seeding.probe)
    out.push(`orders — checkouts only (BENCH_ORDERS_ONLY=checkouts), ${config.connections} connections, ${config.rounds} rounds`);
  if (!throughput.read)
    return endReport(out, invalid, { ratios: Object.fromEntries(ratios.map(([operation, ratio]) => [operation, ratio])) });
  const trows = [
    [
      'operation',
      'req/s',
      'mean ms',
      'p50 ms',
      'p99 ms',
      'responses',
      'non-2xx',
      'gateway µs',
      'orders µs',
      'catalog µs',
      'shipping µs',
      'storefront µs',
      'nats µs',
      'stack µs',
    ],
  ];
  const runs = [['GET /v1/orders/:id', throughput.read]];
  for (const kind of ['plain', 'priced'])
    for (const [index, run] of throughput.checkouts[kind].entries())
      runs.push([`checkout ${kind === 'plain' ? '(1 item)' : '(tax + code)'} r${index + 1}`, run]);
  for (const [label, run] of runs) {
    const m = run.measured;
    const us = (name) => fmt(cpuPerRequest(run, name));
    trows.push([
      label,
      fmt(m.requestsPerSecond, 1),
      fmt(m.latencyMs.average, 2),
      fmt(m.latencyMs.p50),
      fmt(m.latencyMs.p99),
      fmt(m.requestsTotal),
      fmt(m.non2xx),
      us('gateway'),
      us('orders'),
      us('catalog'),
      us('shipping'),
      us('storefront'),
      us('nats'),
      us('stack'),
    ]);
    const problems = problemsOf(run);
    if (problems.length > 0) invalid.push(`${label}: ${problems.join('; ')}`);
  }
  out.push(formatTable(trows));
  const perRead = throughput.checkout.measured.requestsPerSecond / throughput.read.measured.requestsPerSecond;
  out.push(
    `checkouts/s / reads/s = ${fmt(perRead, 3)}   (µs: CPU time of each process per answered request; stack = ` +
      `launcher and everything under it)`,
  );
  const median = (values) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)];
  const stackUs = (kind) => median(throughput.checkouts[kind].map((run) => cpuPerRequest(run, 'stack')));
  const pricedPerPlain = stackUs('priced') / stackUs('plain');
  out.push(
    `CPU per order, checkout with a tax rate and a discount code / plain checkout (medians of the stack's µs): ` +
      `${fmt(stackUs('priced'))} / ${fmt(stackUs('plain'))} = ${fmt(pricedPerPlain, 3)}   ` +
      `(target <= ${TARGET_MAX_PRICED}: ${pricedPerPlain <= TARGET_MAX_PRICED ? 'MET' : 'NOT MET'})`,
  );
  return endReport(out, invalid, {
    ratios: Object.fromEntries(ratios.map(([operation, ratio]) => [operation, ratio])),
    checkoutsPerRead: perRead,
    pricedPerPlain,
  });
}

/** Prints the report (with the invalid runs, if any) and answers the verdict. */
function endReport(out, invalid, verdict) {
  if (invalid.length > 0) {
    out.push('');
    out.push('!!! INVALID RUN: not every request got a 2xx answer');
    for (const line of invalid) out.push(`!!!   ${line}`);
  }
  process.stdout.write(`${out.join('\n')}\n`);
  return { ...verdict, invalid };
}

module.exports = { runOrdersBench, withCheckoutProduct, placeTemplateOrders, seedOrdersStraight, api };
