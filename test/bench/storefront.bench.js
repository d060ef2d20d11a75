'use strict';
// The buyer site (issue 15): GET of a store's home page through the gateway (GET / on the store's own host, its
// `url`, rendered by the storefront's RenderPage from its catalog projection) on a store of BENCH_STOREFRONT_PRODUCTS (1,000)
// products, against a bare node:http server (own process) answering the very same bytes, in the same run.
// Prints renders/s, p50, p99, CPU per request, and the target (>= 500 renders/s through the gateway).
//
// The products are created through the API (POST /v1/products.json), then the bench waits until the home
// page lists them (its first page holds the newest product and says "Page 1 of <all pages>"). The load is
// one returning buyer: the visitor and CSRF cookies a first visit set are sent with every request, so
// every answer is the same page (the bytes are checked again after each run), counted as a page view as a
// real buyer's would be.
const fs = require('node:fs');
const http = require('node:http');
const os = require('node:os');
const path = require('node:path');
const {
  envNumber,
  log,
  sleep,
  stopChild,
  spawnNode,
  waitForLine,
  storectl,
  fetchBytes,
  runLoad,
  problemsOf,
  cpuPerRequest,
  formatTable,
  fmt,
} = require('./bench-kit');

const TARGET_MIN_RENDERS_PER_S = 500;
const USER_AGENT = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36';

async function runStorefrontBench(stack, settings, tempRoot) {
  const productCount = envNumber('BENCH_STOREFRONT_PRODUCTS', 1_000);
  const suffix = `${Date.now().toString(36)}${process.pid.toString(36)}`;
  const subdomain = `front${suffix}`.slice(0, 20);
  const created = await storectl(stack.env, [
    'store',
    'create',
    '--name',
    'Bench Front',
    '--subdomain',
    subdomain,
    '--email',
    `front-${suffix}@example.com`,
    '--password',
    'bench-password-0123456789',
  ]);
  const apiKey = created.api_key;
  if (typeof apiKey !== 'string' || !apiKey) throw new Error(`storectl store create gave no api_key: ${JSON.stringify(created)}`);
  const watch = () => ({
    gateway: stack.pids.gateway,
    storefront: stack.pids.storefront,
    catalog: stack.pids.catalog,
    launcher: stack.launcher.pid,
  });

  const seed = await runLoad(
    {
      title: `seed ${fmt(productCount)} products`,
      url: `${stack.baseUrl}/v1/products.json`,
      headers: { 'API-KEY': apiKey, 'Content-Type': 'application/json' },
      method: 'POST',
      body: JSON.stringify({
        name: 'Bench tea no. [<n>]',
        cents: 1250,
        description: 'A bench product, steeped for exactly [<n>] seconds.',
      }),
      connections: 8,
      durationS: 600,
      warmupS: 0,
      amount: productCount,
      maxS: 600,
    },
    watch(),
  );
  const seedProblems = problemsOf(seed);
  if (seedProblems.length > 0) throw new Error(`seeding the products failed: ${seedProblems.join('; ')}`);
  log(`seeded ${fmt(seed.measured['2xx'])} products in ${fmt(seed.measured.durationS, 1)} s`);

  // The store's site is on its own host (docs/buyer-site.md#one-origin-per-store): the gateway's address, with the
  // store's host as Host (autocannon sends the Host header it is given; fetch would not).
  const homeUrl = `${stack.baseUrl}/`;
  const siteHost = new URL(created.store.url).host;
  const settled = await untilHomeListsAll(homeUrl, siteHost, productCount);
  log(`the home page lists them: ${settled.cards} a page, page 1 of ${settled.pages} (${fmt(settled.waitedS, 1)} s after the last write)`);

  // A returning buyer: the cookies of a first visit, sent with every request.
  const first = await fetchSite(homeUrl, { Host: siteHost, 'User-Agent': USER_AGENT });
  const cookie = first.setCookies.map((line) => line.split(';')[0]).join('; ');
  if (!cookie.includes('sc_vid=') || !cookie.includes('sc_csrf='))
    throw new Error(`the first visit set no visitor or CSRF cookie: ${cookie}`);
  const headers = { Host: siteHost, Cookie: cookie, 'User-Agent': USER_AGENT, Accept: 'text/html' };
  const captured = await fetchSite(homeUrl, headers);
  if (captured.status !== 200 || !captured.contentType) throw new Error(`GET ${homeUrl} answered ${captured.status}`);
  const bodyFile = path.join(tempRoot, 'storefront-home.html');
  fs.writeFileSync(bodyFile, captured.body);
  log(`captured the home page: ${captured.body.length} bytes, ${captured.contentType}`);

  const bare = await startBareServer(bodyFile, captured.contentType);
  const check = await fetchBytes(bare.url, {});
  if (!check.body.equals(captured.body)) throw new Error('the bare server does not answer the captured bytes');

  const loadConfig = (title, url, loadHeaders) => ({
    title,
    url,
    headers: loadHeaders,
    connections: settings.connections,
    durationS: settings.durationS,
    warmupS: settings.warmupS,
  });
  const results = {
    settings,
    productCount,
    seed: { seconds: seed.measured.durationS, perSecond: seed.measured['2xx'] / seed.measured.durationS },
    bodyBytes: captured.body.length,
    loadAverage: os.loadavg(),
    rounds: [],
  };
  for (let round = 1; round <= settings.rounds; round++) {
    const label = settings.rounds > 1 ? ` (round ${round}/${settings.rounds})` : '';
    const bareRun = await runLoad(loadConfig(`bare node:http${label}`, `${bare.url}/`, {}), { bare: bare.child.pid });
    await sleep(1_000);
    const gatewayRun = await runLoad(loadConfig(`storefront home via gateway${label}`, homeUrl, headers), watch());
    const after = await fetchSite(homeUrl, headers).catch((error) => ({ error }));
    if (after.error)
      gatewayRun.bodyMismatch = `the gateway did not answer after the run (${after.error.cause?.code ?? after.error.message})`;
    else if (after.status !== 200 || !after.body.equals(captured.body))
      gatewayRun.bodyMismatch =
        `after the run the home page answered ${after.status} with ${after.body.length} bytes ` + 'that differ from the captured ones';
    results.rounds.push({ bare: bareRun, gateway: gatewayRun });
    await sleep(1_000);
  }
  await stopChild(bare.child);
  results.verdict = report(results, settings);
  return results;
}

/** Polls the home page until its first page holds as many pages as the products need; answers the layout it found. */
async function untilHomeListsAll(homeUrl, siteHost, productCount, maxS = 120) {
  const started = Date.now();
  let last = '';
  while (Date.now() - started < maxS * 1000) {
    const html = (await fetchSite(homeUrl, { Host: siteHost })).body.toString('utf8');
    const cards = (html.match(/class="product-card"/g) ?? []).length;
    const pages = Number(/Page 1 of (\d+)/.exec(html)?.[1] ?? (cards > 0 ? 1 : 0));
    last = `${cards} product cards, ${pages} page(s)`;
    if (cards > 0 && pages === Math.ceil(productCount / cards)) return { cards, pages, waitedS: (Date.now() - started) / 1000 };
    await sleep(250);
  }
  throw new Error(`the home page did not list ${productCount} products within ${maxS} s (last: ${last})`);
}

/** A GET with node:http, which sends the Host header it is given (fetch sends the URL's). */
function fetchSite(url, headers) {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers, agent: false }, (response) => {
      const chunks = [];
      response.on('data', (chunk) => chunks.push(chunk));
      response.on('end', () =>
        resolve({
          status: response.statusCode,
          contentType: response.headers['content-type'],
          setCookies: response.headers['set-cookie'] ?? [],
          body: Buffer.concat(chunks),
        }),
      );
    });
    request.on('error', reject);
  });
}

async function startBareServer(bodyFile, contentType) {
  const child = spawnNode('bare server', [path.join(__dirname, 'bare-server.js')], {
    env: { ...process.env, BENCH_BODY_FILE: bodyFile, BENCH_CONTENT_TYPE: contentType },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const [, port] = await waitForLine(child, 'bare server', /^LISTENING (\d+)$/, 10_000);
  return { url: `http://127.0.0.1:${port}`, child };
}

function report(results, settings) {
  const { rounds } = results;
  const row = (name, run, server) => {
    const m = run.measured;
    return [
      name,
      fmt(m.requestsPerSecond),
      fmt(m.latencyMs.p50),
      fmt(m.latencyMs.p99),
      fmt(m.latencyMs.max),
      fmt(m.requestsTotal),
      fmt(m.non2xx),
      fmt(m.errors + m.timeouts),
      fmt(cpuPerRequest(run, server)),
    ];
  };
  const renders = median(rounds.map(({ gateway }) => gateway.measured.requestsPerSecond));
  const p50 = median(rounds.map(({ gateway }) => gateway.measured.latencyMs.p50));
  const p99 = median(rounds.map(({ gateway }) => gateway.measured.latencyMs.p99));
  const bareRate = median(rounds.map(({ bare }) => bare.measured.requestsPerSecond));
  const met = renders >= TARGET_MIN_RENDERS_PER_S;
  const out = [''];
  out.push(
    `GET / on the store's host (home page, ${fmt(results.productCount)} products) — ${settings.connections} ` +
      `connections, ${settings.durationS}s measured after ${settings.warmupS}s warm-up, ${rounds.length} round(s), ` +
      `page ${fmt(results.bodyBytes)} bytes`,
  );
  out.push(
    `machine: ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown'}), node ${process.version}; load ` +
      `generator, gateway and services share them`,
  );
  out.push(
    `load average when the runs started: ${results.loadAverage.map((n) => n.toFixed(2)).join(', ')} (anything else ` +
      `busy on the machine skews the figures)`,
  );
  out.push(`seeding: ${fmt(results.productCount)} products through POST /v1/products.json at ${fmt(results.seed.perSecond, 1)}/s`);
  out.push('');
  const table = [['target', 'req/s', 'p50 ms', 'p99 ms', 'max ms', 'responses', 'non-2xx', 'errors', 'server CPU µs/req']];
  rounds.forEach(({ bare, gateway }, index) => {
    const label = rounds.length > 1 ? ` #${index + 1}` : '';
    table.push(row(`bare node:http${label}`, bare, 'bare'), row(`home via gateway${label}`, gateway, 'gateway'));
  });
  out.push(formatTable(table));
  out.push('(server CPU µs/req: the gateway process only; the storefront renders the page, see its share below)');
  out.push('');
  out.push(
    `median: gateway ${fmt(renders)} renders/s (p50 ${fmt(p50)} ms, p99 ${fmt(p99)} ms) beside bare ` +
      `node:http ${fmt(bareRate)} req/s (${fmt((renders / bareRate) * 100, 1)}%)`,
  );
  out.push(
    `target (issue): >= ${TARGET_MIN_RENDERS_PER_S} renders/s through the gateway   ` +
      `${fmt(renders).padStart(6)}   ${met ? 'MET' : 'NOT MET'}`,
  );
  const cpu = (run) =>
    Object.entries(run.cpu ?? {})
      .map(([name, percent]) => `${name} ${percent}%`)
      .join(', ');
  out.push('');
  out.push('CPU during the measured gateway runs (% of one core; launcher = the whole stack):');
  rounds.forEach(({ gateway }, index) => out.push(`  run #${index + 1}: ${cpu(gateway) || 'n/a'}`));
  const invalid = [];
  rounds.forEach(({ bare, gateway }, index) => {
    for (const [name, run] of [
      ['bare', bare],
      ['gateway', gateway],
    ]) {
      const problems = problemsOf(run);
      if (problems.length > 0) invalid.push(`${name} #${index + 1}: ${problems.join('; ')}`);
    }
  });
  if (invalid.length > 0) {
    out.push('');
    out.push('!!! INVALID RUN: not every request got the expected 2xx answer with the captured bytes:');
    for (const line of invalid) out.push(`!!!   ${line}`);
  }
  process.stdout.write(`${out.join('\n')}\n`);
  return { renders, p50, p99, met, invalid };
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

module.exports = { runStorefrontBench };
