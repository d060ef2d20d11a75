'use strict';
// The owner's dashboard at scale (issue 36): every page of /admin in Chromium, on a store holding BENCH_DASHBOARD_PRODUCTS
// (100,000) products and BENCH_DASHBOARD_ORDERS (100,000) orders, against the issue's targets: each page shows its data
// in under a second on a local stack, and the first load is at most 300 KB of compressed JavaScript.
//
// The store is made with storectl and seeded with the other benches' seeders: products over gRPC straight to the
// catalog service (catalog-scale.bench.js: `Product <n>`, each variant with 0..99 units, so about 6% are low stock), and
// orders written straight into the orders database as copies of two orders the service wrote (orders.bench.js), spread
// over a year. A few collections, a tax rate, discount codes and a webhook give the other pages something to list.
//
// Then, signed in once as the owner (identity's sign-in page; the dashboard is OAuth client `store-dashboard`), every
// page, over rounds: (a) a full load of its address, and (b) the in-app navigation an owner makes to it: its link in
// the side navigation, a filter, a search, a row's link. A page is shown when its h1 is, with no `.loading` and no
// `[aria-busy="true"]` in main, the address its own, and what proves its data where a page has some (an order's row,
// every row matching the search). Times come from the page's own clock: from the navigation's start (a) or the click
// (b) to the first animation frame that shows it. The API calls are the page's Resource Timing entries.
const { execFileSync } = require('node:child_process');
const os = require('node:os');
const { REPO_ROOT, envNumber, log, sleep, onTeardown, createBenchStore, untilIdle, formatTable, fmt } = require('./bench-kit');
const { catalogClient, seedProducts, untilEventsSettle, untilLowStockListed } = require('./catalog-scale.bench');
const { withCheckoutProduct, placeTemplateOrders, seedOrdersStraight, api } = require('./orders.bench');

const TARGET_MS = 1_000;
const FIRST_LOAD_BUDGET_BYTES = 300 * 1024;
/** The password createBenchStore gives every bench owner. */
const OWNER_PASSWORD = 'bench-password-0123456789';
const ROWS = 'table.list tbody tr';

async function runDashboardBench(stack) {
  const benchStarted = Date.now();
  const config = {
    products: envNumber('BENCH_DASHBOARD_PRODUCTS', 100_000),
    orders: envNumber('BENCH_DASHBOARD_ORDERS', 100_000),
    rounds: envNumber('BENCH_DASHBOARD_ROUNDS', 3),
    warmupRounds: envNumber('BENCH_DASHBOARD_WARMUP_ROUNDS', 1, { allowZero: true }),
    pageTimeoutS: envNumber('BENCH_DASHBOARD_PAGE_TIMEOUT_S', 60),
    settleMaxS: envNumber('BENCH_DASHBOARD_SETTLE_MAX_S', 300),
    spanDays: 365,
  };
  if (config.orders < 3) throw new Error('BENCH_DASHBOARD_ORDERS must be at least 3 (two orders are placed through checkout)');
  const seeding = {};
  const store = await seedStore(stack, config, seeding);
  log(`waiting for the stack to go idle (at most ${config.settleMaxS} s)`);
  seeding.settleSeconds = await untilIdle(stack, { maxS: config.settleMaxS });
  const targets = await findTargets(stack, store, config);

  const { chromium } = require('playwright-core');
  // Debian's Chromium, as test/support/browser.harness.ts launches it; Ctrl-C is ours (bench-kit's teardown closes it).
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    headless: true,
    handleSIGINT: false,
    handleSIGTERM: false,
    handleSIGHUP: false,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  onTeardown('chromium', () => browser.close());
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 860 } })).newPage();
  // Without PUBLIC_URL the launcher's public URL is http://localhost:<PORT>; 127.0.0.1 redirects there.
  const platform = stack.baseUrl.replace('127.0.0.1', 'localhost');
  const assets = watchAssets(page);
  const firstLoad = await signIn(page, platform, store.login, assets);
  const tab = { page, platform, timeoutMs: config.pageTimeoutS * 1000, apiCalls: watchApiCalls(page) };

  const pages = dashboardPages(targets);
  const results = {
    config,
    seeding,
    targets,
    commit: gitCommit(),
    machine: { cores: os.cpus().length, model: os.cpus()[0]?.model, node: process.version, chromium: browser.version() },
    loadAverage: { start: os.loadavg() },
    firstLoad,
    pages: Object.fromEntries(pages.map((spec) => [spec.name, { path: spec.path, full: [], inApp: [], first: {} }])),
    invalid: [],
  };
  const measureStarted = Date.now();
  for (let round = 1; round <= config.warmupRounds + config.rounds; round++) {
    const warmup = round <= config.warmupRounds;
    log(`dashboard round ${round} of ${config.warmupRounds + config.rounds}${warmup ? ' (warm-up, not counted)' : ''}`);
    for (const spec of pages) {
      const shown = await measured(results, spec, 'full load', () => fullLoad(tab, spec));
      if (shown && !warmup) results.pages[spec.name].full.push(shown);
      // The first round is also kept apart: the first visits after the restart, with the services' caches cold.
      if (round === 1) results.pages[spec.name].first.full = shown;
    }
    await fullLoad(tab, START_PAGE);
    for (const spec of pages) {
      const shown = await measured(results, spec, 'in-app', () => navigateInApp(tab, spec));
      if (shown && !warmup) results.pages[spec.name].inApp.push(shown);
      if (round === 1) results.pages[spec.name].first.inApp = shown;
      // A step that failed leaves the page elsewhere: the next step starts from this page, loaded in full.
      if (!shown) await fullLoad(tab, spec);
    }
  }
  results.afterChange = await designAfterChanges(stack, store, targets, tab, pages, results);
  results.lazyAssets = await assets.later();
  results.loadAverage.end = os.loadavg();
  results.durations = { measureSeconds: (Date.now() - measureStarted) / 1000, benchSeconds: (Date.now() - benchStarted) / 1000 };
  results.verdict = report(results);
  return results;
}

/**
 * Design in full after one variant's stock moved (as a checkout or an owner's edit moves it), once per counted round:
 * its preview is the buyer site's rendering, and the storefront reads the store's whole catalog again once it changed.
 */
async function designAfterChanges(stack, store, targets, tab, pages, results) {
  const design = pages.find((spec) => spec.name === 'Design');
  const product = (await api(stack, store, 'GET', `/v1/products/${targets.productId}.json`)).data;
  const { variant } = product.variants[0];
  const shownAfter = [];
  for (let change = 1; change <= results.config.rounds; change++) {
    const inStock = (variant.in_stock + change) % 100;
    const body = { in_stock: inStock, full_quantity: Math.max(variant.full_quantity, inStock) };
    await api(stack, store, 'PUT', `/v1/products/${product.id}/variants/${variant.id}.json`, body);
    // The variant's event reaches the storefront's projection (an idle stack relays it within milliseconds).
    await sleep(2_000);
    const shown = await measured(results, design, 'after a stock change', () => fullLoad(tab, design));
    if (shown) shownAfter.push(shown);
  }
  return shownAfter;
}

/** The store, with its products, orders and the records the other pages list; the seeding's seconds go into `seeding`. */
async function seedStore(stack, config, seeding) {
  const created = await createBenchStore(stack.env, 'Dashboard Bench', 'dash');
  if (typeof created.user?.email !== 'string') throw new Error(`storectl store create answered no user e-mail: ${JSON.stringify(created)}`);
  const store = await withCheckoutProduct(stack, {
    storeId: created.store.id,
    apiKey: created.api_key,
    subdomain: created.store.subdomain,
  });
  store.login = { email: created.user.email, password: OWNER_PASSWORD };
  // The checkout's own product is one of the store's products.
  const seeded = config.products - 1;
  const { client, catalog } = catalogClient(stack);
  seeding.productSeconds = await seedProducts(client, catalog, store.storeId, seeded);
  let started = Date.now();
  await untilEventsSettle(stack);
  await untilLowStockListed(stack, store.apiKey, seeded);
  seeding.catalogSettleSeconds = (Date.now() - started) / 1000;
  await addListedRecords(stack, store);
  started = Date.now();
  await placeTemplateOrders(stack, store);
  const written = await seedOrdersStraight(stack, [{ store, count: config.orders - store.orders }], {
    spanDays: config.spanDays,
    settleMaxS: config.settleMaxS,
  });
  seeding.orders = { ...written, withRestartSeconds: (Date.now() - started) / 1000 };
  for (const [kind, expected] of [
    ['products', config.products],
    ['orders', config.orders],
  ]) {
    const listed = await api(stack, store, 'GET', `/v1/${kind}.json?limit=1`);
    if (listed.pagination.total !== expected) throw new Error(`the store lists ${listed.pagination.total} ${kind}, not ${expected}`);
  }
  return store;
}

/** Collections of 20 products each, a tax rate, two discount codes and a webhook that nothing will trigger. */
async function addListedRecords(stack, store) {
  const products = (await api(stack, store, 'GET', '/v1/products.json?limit=60')).data.products.map((product) => product.id);
  for (const [index, name] of ['Teas', 'Mugs', 'Gifts'].entries())
    await api(stack, store, 'POST', '/v1/collections.json', { name, products: products.slice(index * 20, index * 20 + 20) });
  await api(stack, store, 'POST', '/v1/tax_rates.json', {
    country: 'US',
    state: 'IL',
    name: 'IL tax',
    rate: 6.25,
    applies_to_shipping: true,
  });
  for (const [code, value] of [
    ['BENCH10', 10],
    ['BENCH20', 20],
  ])
    await api(stack, store, 'POST', '/v1/discounts.json', { code, kind: 'percentage', value });
  // An address given as a public IPv4 literal is not resolved; no product is deleted during the run, so it is never called.
  await api(stack, store, 'POST', '/v1/webhooks.json', { url: 'https://93.184.215.14/hooks/bench', events: ['product/deleted'] });
}

/** The searched order and product, found through the API: an open order of a buyer of its own, and `Product <n>`. */
async function findTargets(stack, store, config) {
  const open = await api(stack, store, 'GET', '/v1/orders.json?status=open&limit=1');
  const middle = Math.max(1, Math.floor(open.pagination.total / 2));
  const order = (await api(stack, store, 'GET', `/v1/orders.json?status=open&limit=1&page=${middle}`)).data.orders[0];
  const orderQuery = `${order.email.split('@')[0]}@`;
  const found = await api(stack, store, 'GET', `/v1/orders.json?status=open&q=${encodeURIComponent(orderQuery)}`);
  if (found.pagination.total !== 1) throw new Error(`q=${orderQuery} finds ${found.pagination.total} open orders, not 1`);
  const productQuery = `Product ${Math.floor((config.products - 1) / 2) + 1}`;
  const products = await api(stack, store, 'GET', `/v1/products.json?q=${encodeURIComponent(productQuery)}`);
  if (products.pagination.total !== 1) throw new Error(`q=${productQuery} finds ${products.pagination.total} products, not 1`);
  const product = products.data.products[0];
  return { orderId: order.id, orderQuery, productId: product.id, productName: product.name, productQuery };
}

/**
 * Every page measured, in the order an owner's session goes through them in-app: each `go` is how it is reached from
 * the page before it. `h1` is a pattern of the page's heading; `selector` (one or more, inside main) or `everyRow` proves
 * its data.
 */
function dashboardPages(targets) {
  const search = (params) => `?${new URLSearchParams(params)}`;
  const ordersSearched = search({ q: targets.orderQuery, status: 'open' });
  return [
    { name: 'Home', path: '/admin', h1: '^Home$', selector: ROWS, go: { nav: 'Home' } },
    { name: 'Orders', path: '/admin/orders', h1: '^Orders$', selector: ROWS, go: { nav: 'Orders' } },
    {
      name: 'Orders, filtered (Open)',
      path: '/admin/orders?status=open',
      h1: '^Orders$',
      everyRow: { cell: 3, text: 'open' },
      go: { filter: 'Open' },
    },
    {
      name: 'Orders, Open + searched',
      path: `/admin/orders${ordersSearched}`,
      h1: '^Orders$',
      everyRow: { cell: 2, text: targets.orderQuery },
      go: { search: targets.orderQuery },
    },
    { name: 'One order', path: `/admin/orders/${targets.orderId}`, h1: `^Order #${targets.orderId}\\b`, go: { row: true } },
    { name: 'Products', path: '/admin/products', h1: '^Products$', selector: ROWS, go: { nav: 'Products' } },
    {
      name: 'Products, searched',
      path: `/admin/products${search({ q: targets.productQuery })}`,
      h1: '^Products$',
      everyRow: { cell: 1, text: targets.productQuery },
      go: { search: targets.productQuery },
    },
    { name: 'One product', path: `/admin/products/${targets.productId}`, h1: `^${escapeRegExp(targets.productName)}$`, go: { row: true } },
    { name: 'Collections', path: '/admin/collections', h1: '^Collections$', selector: ROWS, go: { nav: 'Collections' } },
    { name: 'Shipping', path: '/admin/shipping', h1: '^Shipping$', go: { nav: 'Shipping' } },
    { name: 'Taxes', path: '/admin/taxes', h1: '^Taxes$', go: { nav: 'Taxes' } },
    { name: 'Discounts', path: '/admin/discounts', h1: '^Discount codes$', selector: ROWS, go: { nav: 'Discounts' } },
    { name: 'Webhooks', path: '/admin/webhooks', h1: '^Webhooks$', selector: ROWS, go: { nav: 'Webhooks' } },
    { name: 'Apps (developers)', path: '/admin/developers', h1: '^Apps$', go: { nav: 'Apps' } },
    { name: 'Settings', path: '/admin/settings', h1: '^Settings$', selector: 'form', go: { nav: 'Settings' } },
    // The store's stylesheet and layout, and the Home page rendered with them (the preview's frame).
    { name: 'Design', path: '/admin/settings/design', h1: '^Design$', selector: ['textarea', 'iframe'], go: { subnav: 'Design' } },
    { name: 'Templates (Pages)', path: '/admin/templates', h1: '^Pages$', selector: ROWS, go: { subnav: 'Pages' } },
    { name: 'E-mail', path: '/admin/email', h1: '^E-mail$', selector: ROWS, go: { subnav: 'E-mail' } },
  ];
}

/** Where each round's in-app navigation starts: a page of the dashboard that reads nothing but the store. */
const START_PAGE = { name: 'start', path: '/admin/bench-start', h1: '^Not found$' };

const escapeRegExp = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const exactly = (text) => new RegExp(`^${escapeRegExp(text)}$`);

/** Runs one measurement; a page that failed or never showed its data is noted as invalid, and answers undefined. */
async function measured(results, spec, mode, measure) {
  try {
    return await measure();
  } catch (error) {
    const message = `${spec.name} (${mode}): ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`;
    log(`!!! ${message}`);
    results.invalid.push(message);
    return undefined;
  }
}

async function fullLoad(tab, spec) {
  await tab.page.goto(`${tab.platform}${spec.path}`, { waitUntil: 'commit' });
  return untilShown(tab, spec, 'full');
}

async function navigateInApp(tab, spec) {
  const { page } = tab;
  await page.evaluate(() => {
    performance.clearResourceTimings();
    delete window.__benchFrom;
    document.addEventListener('click', () => (window.__benchFrom = performance.now()), { capture: true, once: true });
  });
  const { go } = spec;
  if (go.search !== undefined) await page.fill('main form[role="search"] input[type="search"]', go.search);
  const target = go.nav
    ? page.locator('nav[aria-label="Sections"] a', { hasText: exactly(go.nav) })
    : go.subnav
      ? page.locator('nav[aria-label="Settings"] a', { hasText: exactly(go.subnav) })
      : go.filter
        ? page.locator('nav[aria-label="Order status"] button', { hasText: exactly(go.filter) })
        : go.search !== undefined
          ? page.locator('main form[role="search"] button[type="submit"]')
          : page.locator(`main ${ROWS}`).first().locator('a').first();
  await target.click();
  return untilShown(tab, spec, 'in-app');
}

/**
 * Waits until the page shows its data (shownIn, each animation frame); answers the ms and the API calls it made, once
 * every call it started has ended (a page may show its data before all of them have).
 */
async function untilShown(tab, spec, mode) {
  const check = { path: spec.path, h1: spec.h1, selector: spec.selector, everyRow: spec.everyRow };
  const handle = await tab.page.waitForFunction(shownIn, check, { polling: 'raf', timeout: tab.timeoutMs });
  const shown = await handle.jsonValue();
  if (shown.failure) throw new Error(`the page says: ${shown.failure}`);
  if (mode === 'in-app' && shown.from === null) throw new Error('the click was not seen by the page');
  await tab.apiCalls.idle();
  const calls = await tab.page.evaluate(apiCallsIn, shown.at);
  return { ms: shown.ms, calls: calls.map((call) => ({ ...call, method: tab.apiCalls.methodOf(call.call) })) };
}

/**
 * The page's API calls as the browser sends them: `idle()` waits until none is in flight and none started for 150 ms (a
 * call may follow another's answer: Design's preview follows the templates), at most 5 s (a page that polls is not
 * waited for); `methodOf(path)` is the method of the last call of that path (Resource Timing does not say).
 */
function watchApiCalls(page) {
  const inFlight = new Set();
  const methods = new Map();
  let lastStart = 0;
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (!url.pathname.startsWith('/v1/')) return;
    inFlight.add(request);
    lastStart = Date.now();
    methods.set(`${url.pathname}${url.search}`, request.method());
  });
  for (const event of ['requestfinished', 'requestfailed']) page.on(event, (request) => inFlight.delete(request));
  return {
    idle: async () => {
      const busy = () => inFlight.size > 0 || Date.now() - lastStart < 150;
      for (const deadline = Date.now() + 5_000; busy() && Date.now() < deadline;) await sleep(20);
    },
    methodOf: (path) => methods.get(path) ?? 'GET',
  };
}

/** In the page: whether `check` holds of what main shows now; then the ms since the click (or the navigation's start). */
function shownIn(check) {
  const main = document.querySelector('main');
  if (!main || location.pathname + location.search !== check.path) return false;
  const failure = main.querySelector('.failure');
  if (failure) return { failure: failure.textContent.trim() };
  const h1 = main.querySelector('h1');
  if (!h1 || !new RegExp(check.h1).test(h1.textContent.trim())) return false;
  if (main.querySelector('.loading, [aria-busy="true"]')) return false;
  if (check.selector && ![].concat(check.selector).every((selector) => main.querySelector(selector))) return false;
  if (check.everyRow) {
    const rows = [...main.querySelectorAll('table.list tbody tr')];
    const text = check.everyRow.text.toLowerCase();
    if (rows.length === 0) return false;
    if (!rows.every((row) => (row.cells[check.everyRow.cell]?.textContent ?? '').toLowerCase().includes(text))) return false;
  }
  const from = window.__benchFrom ?? null;
  const at = performance.now();
  return { ms: at - (from ?? 0), from, at };
}

/**
 * In the page: the API calls since the measurement's start (Resource Timing): the wait for each answer's first byte, the
 * whole call, and whether it ended after the page was shown (`shownAt`, the page's clock).
 */
function apiCallsIn(shownAt) {
  const from = window.__benchFrom ?? 0;
  return performance
    .getEntriesByType('resource')
    .filter((entry) => entry.initiatorType === 'fetch' && entry.startTime >= from)
    .map((entry) => {
      const url = new URL(entry.name);
      return {
        call: `${url.pathname}${url.search}`,
        waitMs: entry.responseStart - entry.requestStart,
        ms: entry.duration,
        afterShown: entry.responseEnd > shownAt,
      };
    });
}

/**
 * Every response of /admin the browser receives, with its encoded body size (the bytes on the wire): `firstLoad()`
 * answers those so far, `later()` the scripts and stylesheets loaded afterwards (each page's own chunk, loaded when first
 * opened), each once.
 */
function watchAssets(page) {
  const seen = new Map();
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (!url.pathname.startsWith('/admin') || seen.has(url.pathname)) return;
    seen.set(url.pathname, response);
  });
  const sizes = async (entries) =>
    Promise.all(
      entries.map(async ([pathname, response]) => {
        const headers = await response.allHeaders();
        const { responseBodySize } = await response.request().sizes();
        return {
          path: pathname,
          kind: /\.js$/.test(pathname) ? 'js' : /\.css$/.test(pathname) ? 'css' : 'other',
          status: response.status(),
          encoding: headers['content-encoding'] ?? 'identity',
          contentLength: headers['content-length'] === undefined ? undefined : Number(headers['content-length']),
          encodedBytes: responseBodySize,
        };
      }),
    );
  let firstCount = 0;
  return {
    firstLoad: async () => {
      firstCount = seen.size;
      return sizes([...seen.entries()]);
    },
    later: () => sizes([...seen.entries()].slice(firstCount).filter(([pathname]) => /\.(js|css)$/.test(pathname))),
  };
}

/**
 * Opens /admin in a browser that has never seen it (its first load is measured there, before it goes to sign in), then
 * signs in as the owner on identity's page and waits until the dashboard is back at /admin.
 */
async function signIn(page, platform, login, assets) {
  await page.goto(`${platform}/admin`);
  await page.waitForURL(/\/signin\?/);
  const firstLoad = await assets.firstLoad();
  await page.fill('#identifier', login.email);
  await page.fill('#password', login.password);
  await Promise.all([page.waitForURL(`${platform}/admin`), page.click('button[type="submit"]')]);
  log(`signed in to ${platform}/admin as ${login.email}`);
  return firstLoad;
}

function gitCommit() {
  try {
    const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: REPO_ROOT, encoding: 'utf8' }).trim();
    const dirty = execFileSync('git', ['status', '--porcelain', '--untracked-files=no'], { cwd: REPO_ROOT, encoding: 'utf8' }).trim();
    return dirty ? `${commit} (with uncommitted changes)` : commit;
  } catch {
    return 'unknown';
  }
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)];
const max = (values) => Math.max(...values);
/** A call with its times and ids of the moment (unix seconds) left out, so the rounds' calls group. */
const callKey = (call) => call.replace(/=\d{9,}(\.\d+)?/g, '=<now>');

function report(results) {
  const { config, seeding, firstLoad } = results;
  const kb = (bytes) => `${fmt(bytes / 1024, 1)} KB`;
  const out = [''];
  out.push(
    `dashboard — every page of /admin in Chromium (headless), on a store of ${fmt(config.products)} products and ` +
      `${fmt(config.orders)} orders; ${config.rounds} rounds (after ${config.warmupRounds} warm-up) of a full load and an in-app ` +
      'navigation per page',
  );
  const loads = (figures) => figures.map((n) => n.toFixed(2)).join(', ');
  out.push(
    `commit ${results.commit}; ${results.machine.cores} cores (${results.machine.model ?? 'unknown'}), node ` +
      `${results.machine.node}, Chromium ${results.machine.chromium}; load average at the start of the rounds ` +
      `${loads(results.loadAverage.start)}, at the end ${loads(results.loadAverage.end)}`,
  );
  out.push(
    `seeding: ${fmt(config.products - 1)} products over gRPC in ${fmt(seeding.productSeconds, 1)} s (then ` +
      `${fmt(seeding.catalogSettleSeconds, 1)} s until the events and the low-stock list followed); ${fmt(seeding.orders.orders)} orders ` +
      `straight into the database in ${fmt(seeding.orders.seconds, 1)} s (${fmt(seeding.orders.withRestartSeconds, 1)} s with the ` +
      `template orders and the restart); the stack idle ${fmt(seeding.settleSeconds, 1)} s later`,
  );
  out.push(
    `searches: orders q=${results.targets.orderQuery} with status=open (order #${results.targets.orderId}), ` +
      `products q=${results.targets.productQuery}`,
  );
  out.push('');
  const rows = [
    ['page', 'full load median ms', 'max ms', 'in-app median ms', 'max ms', `target < ${fmt(TARGET_MS)} ms`, 'first round: full', 'in-app'],
  ];
  const missed = [];
  const slowFirst = [];
  for (const [name, figures] of Object.entries(results.pages)) {
    const full = figures.full.map((shown) => shown.ms);
    const inApp = figures.inApp.map((shown) => shown.ms);
    const first = [figures.first.full?.ms, figures.first.inApp?.ms];
    if (first.some((ms) => ms === undefined || ms >= TARGET_MS)) slowFirst.push(name);
    const firstCells = first.map((ms) => (ms === undefined ? 'n/a' : fmt(ms)));
    if (full.length === 0 || inApp.length === 0) {
      const cells = [full, full, inApp, inApp].map((v, i) => (v.length ? fmt(i % 2 ? max(v) : median(v)) : 'n/a'));
      rows.push([name, ...cells, 'n/a', ...firstCells]);
      continue;
    }
    const all = [...full, ...inApp];
    const verdict = max(all) < TARGET_MS ? 'met' : median(full) < TARGET_MS && median(inApp) < TARGET_MS ? 'medians only' : 'NOT MET';
    if (verdict !== 'met') missed.push(name);
    rows.push([name, fmt(median(full)), fmt(max(full)), fmt(median(inApp)), fmt(max(inApp)), verdict, ...firstCells]);
  }
  out.push(formatTable(rows));
  out.push(
    `(full load: from the navigation's start, the page and its assets from the browser cache as a reload has them; in-app: ` +
      `from the click, the queries of the pages before it cached as in a session, 15 s; judged on the counted rounds; the ` +
      `first round${config.warmupRounds > 0 ? ', a warm-up,' : ''} is the first visit of each page after the restart, shown apart)`,
  );

  const firstJs = firstLoad.filter((asset) => asset.kind === 'js');
  const firstCss = firstLoad.filter((asset) => asset.kind === 'css');
  const jsBytes = firstJs.reduce((sum, asset) => sum + asset.encodedBytes, 0);
  const cssBytes = firstCss.reduce((sum, asset) => sum + asset.encodedBytes, 0);
  out.push('');
  out.push(`first load of /admin (a browser that never saw it), as received (1 KB = 1,024 bytes):`);
  for (const asset of firstLoad)
    out.push(
      `  ${asset.path.padEnd(40)} ${String(asset.status).padStart(3)}  ${asset.encoding.padEnd(8)} ${kb(asset.encodedBytes).padStart(10)}` +
        `${asset.contentLength === undefined ? '' : `  (Content-Length ${fmt(asset.contentLength)})`}`,
    );
  const budgetMet = jsBytes <= FIRST_LOAD_BUDGET_BYTES;
  out.push(
    `  JavaScript ${kb(jsBytes)} in ${firstJs.length} file(s), CSS ${kb(cssBytes)}; budget: at most ${kb(FIRST_LOAD_BUDGET_BYTES)} ` +
      `of compressed JavaScript   ${budgetMet ? 'MET' : 'NOT MET'}`,
  );
  const lazy = results.lazyAssets ?? [];
  out.push(
    `  loaded later, each when its page is first opened: ${lazy.length} file(s), ` +
      `${kb(lazy.reduce((sum, asset) => sum + asset.encodedBytes, 0))} in all`,
  );

  out.push('');
  out.push(`API calls of each page, full loads (wait: request sent to first byte of the answer, the server's time and loopback):`);
  const callRows = [
    ['page: call', 'calls', 'wait median ms', 'wait max ms', 'duration median ms', 'ended after shown', 'first round wait ms'],
  ];
  for (const [name, figures] of Object.entries(results.pages)) {
    const byCall = new Map();
    for (const shown of figures.full)
      for (const call of shown.calls) {
        const key = `${call.method} ${callKey(call.call)}`;
        if (!byCall.has(key)) byCall.set(key, []);
        byCall.get(key).push(call);
      }
    callRows.push([`${name}:`, '', '', '', '', '', '']);
    const firstWait = (key) => figures.first.full?.calls.find((call) => `${call.method} ${callKey(call.call)}` === key)?.waitMs;
    for (const [call, calls] of byCall)
      callRows.push([
        `  ${call.length > 90 ? `${call.slice(0, 89)}…` : call}`,
        calls.length,
        fmt(median(calls.map((c) => c.waitMs))),
        fmt(max(calls.map((c) => c.waitMs))),
        fmt(median(calls.map((c) => c.ms))),
        calls.filter((c) => c.afterShown).length,
        fmt(firstWait(call)),
      ]);
  }
  out.push(
    formatTable(callRows)
      .split('\n')
      .map((line) => line.trimEnd())
      .join('\n'),
  );
  out.push('');
  out.push(
    `pages under ${fmt(TARGET_MS)} ms in every round, both ways: ${Object.keys(results.pages).length - missed.length} of ` +
      `${Object.keys(results.pages).length}${missed.length > 0 ? `; not: ${missed.join(', ')}` : ''}`,
  );
  out.push(
    `first round (first visits after the restart): ${slowFirst.length === 0 ? 'every page' : `all but ${slowFirst.join(', ')}`} ` +
      `under ${fmt(TARGET_MS)} ms both ways`,
  );
  if (results.afterChange.length > 0) {
    const preview = (shown) => shown.calls.find((call) => call.call.endsWith('/preview'))?.waitMs;
    out.push(
      `Design after a variant's stock changed (its preview renders the buyer site, which reads the changed catalog): ` +
        `full load ${results.afterChange.map((shown) => fmt(shown.ms)).join(', ')} ms; the preview's wait ` +
        `${results.afterChange.map((shown) => fmt(preview(shown) ?? Number.NaN)).join(', ')} ms`,
    );
  }
  out.push(
    `measuring took ${fmt(results.durations.measureSeconds, 1)} s; the whole dashboard bench ` +
      `${fmt(results.durations.benchSeconds / 60, 1)} min`,
  );
  if (results.invalid.length > 0) {
    out.push('');
    out.push('!!! INVALID RUN: not every page showed its data');
    for (const line of results.invalid) out.push(`!!!   ${line}`);
  }
  process.stdout.write(`${out.join('\n')}\n`);
  return { missed, slowFirst, firstLoadJsBytes: jsBytes, firstLoadBudgetMet: budgetMet, invalid: results.invalid };
}

module.exports = { runDashboardBench };
