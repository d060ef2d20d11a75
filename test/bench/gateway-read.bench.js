'use strict';
// The gateway read path: GET /v1/store.json with an API key through the whole stack, against a
// bare node:http server (own process) answering the very same bytes, in the same run. Prints
// req/s, p50, p99, CPU per request, the gateway/bare ratio and the issue's targets (met or not).
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const {
  log,
  sleep,
  stopChild,
  spawnNode,
  waitForLine,
  createBenchStore,
  fetchBytes,
  runLoad,
  problemsOf,
  cpuPerRequest,
  formatTable,
  fmt,
} = require('./bench-kit');

const TARGETS = { minRatio: 0.06, maxGatewayP99Ms: 30 };

/** Runs both targets on a started stack; answers the results, `verdict.invalid` listing broken runs. */
async function runGatewayReadBench(stack, settings, tempRoot) {
  const created = await createBenchStore(stack.env, 'Bench Store', 'bench');
  const apiKey = created.api_key;

  const gatewayUrl = `${stack.baseUrl}/v1/store.json`;
  const gatewayHeaders = { 'API-KEY': apiKey };
  const captured = await fetchBytes(gatewayUrl, gatewayHeaders);
  if (captured.status !== 200 || !captured.contentType)
    throw new Error(`GET /v1/store.json answered ${captured.status}: ${captured.body.toString('utf8')}`);
  const bodyFile = path.join(tempRoot, 'store.json');
  fs.writeFileSync(bodyFile, captured.body);
  log(`captured GET /v1/store.json: ${captured.body.length} bytes, ${captured.contentType}`);

  const bare = await startBareServer(bodyFile, captured.contentType);
  const check = await fetchBytes(bare.url, {});
  if (!check.body.equals(captured.body) || check.contentType !== captured.contentType)
    throw new Error('the bare server does not answer the captured bytes');

  const loadConfig = (title, url, headers) => ({
    title,
    url,
    headers,
    connections: settings.connections,
    durationS: settings.durationS,
    warmupS: settings.warmupS,
  });
  const results = { settings, bodyBytes: captured.body.length, contentType: captured.contentType, loadAverage: os.loadavg(), rounds: [] };

  // Rounds of (bare, gateway) on the same stack: one run on a shared 2-core machine moves by ±10%,
  // so the targets are judged on the medians and every round is printed.
  const logLinesBefore = stack.runtimeLines.count;
  for (let round = 1; round <= settings.rounds; round++) {
    const suffix = settings.rounds > 1 ? ` (round ${round}/${settings.rounds})` : '';
    const bareRun = await runLoad(loadConfig(`bare node:http${suffix}`, `${bare.url}/v1/store.json`, {}), { bare: bare.child.pid });
    await sleep(1_000);
    const gatewayRun = await runLoad(loadConfig(`gateway${suffix}`, gatewayUrl, gatewayHeaders), {
      gateway: stack.pids.gateway,
      storefront: stack.pids.storefront,
      identity: stack.pids.identity,
      launcher: stack.launcher.pid,
    });
    // Still the same answer after the load? (A run that measured something else is not a measurement.)
    const after = await fetchBytes(gatewayUrl, gatewayHeaders).catch((error) => ({ error }));
    if (after.error)
      gatewayRun.bodyMismatch = `the gateway did not answer after the run (${after.error.cause?.code ?? after.error.message})`;
    else if (after.status !== 200 || !after.body.equals(captured.body))
      gatewayRun.bodyMismatch =
        `after the run the gateway answered ${after.status} with ${after.body.length} bytes ` + 'that differ from the captured ones';
    results.rounds.push({ bare: bareRun, gateway: gatewayRun });
    await sleep(1_000);
  }
  await stopChild(bare.child);
  results.stackLogLines = stack.runtimeLines.count - logLinesBefore;
  results.stackLogTail = results.stackLogLines > 0 ? stack.runtimeLines.tail.slice(-Math.min(5, results.stackLogLines)) : [];

  results.verdict = report(results, settings);
  return results;
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
  const ratios = rounds.map(({ bare, gateway }) => gateway.measured.requestsPerSecond / bare.measured.requestsPerSecond);
  const ratio = median(ratios);
  const p99 = median(rounds.map(({ gateway }) => gateway.measured.latencyMs.p99));
  const ratioMet = ratio >= TARGETS.minRatio;
  const p99Met = p99 < TARGETS.maxGatewayP99Ms;
  const out = [];
  out.push('');
  out.push(
    `GET /v1/store.json — ${settings.connections} connections, ${settings.durationS}s measured ` +
      `after ${settings.warmupS}s warm-up, ${rounds.length} round(s), response ${results.bodyBytes} bytes (${results.contentType})`,
  );
  const tweaks = [
    settings.logLevel !== 'warn' && `LOG_LEVEL=${settings.logLevel}`,
    settings.stackNodeOptions && `stack NODE_OPTIONS="${settings.stackNodeOptions}"`,
    settings.cpuProfDir && 'CPU PROFILING ON (figures not comparable)',
  ].filter(Boolean);
  if (tweaks.length > 0) out.push(`non-default: ${tweaks.join(', ')}`);
  out.push(
    `machine: ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown'}), node ${process.version}; load ` +
      `generator, gateway and services share them`,
  );
  out.push(
    `load average when the runs started: ${results.loadAverage.map((n) => n.toFixed(2)).join(', ')} (anything else ` +
      `busy on the machine skews the figures)`,
  );
  out.push('');
  const rows = [['target', 'req/s', 'p50 ms', 'p99 ms', 'max ms', 'responses', 'non-2xx', 'errors', 'server CPU µs/req']];
  rounds.forEach(({ bare, gateway }, index) => {
    const label = rounds.length > 1 ? ` #${index + 1}` : '';
    rows.push(row(`bare node:http${label}`, bare, 'bare'), row(`gateway${label}`, gateway, 'gateway'));
  });
  out.push(formatTable(rows));
  out.push('(server CPU µs/req: CPU time of the server process over its responses; steadier than req/s when the cores are shared)');
  out.push('');
  out.push(`ratio gateway/bare req/s per round: ${ratios.map((value) => fmt(value, 4)).join(', ')}`);
  out.push(`median ratio: ${fmt(ratio, 4)}  (${fmt(ratio * 100, 1)}%)   median gateway p99: ${fmt(p99)} ms`);
  out.push('');
  out.push(`targets (issue), on the medians of ${rounds.length} round(s):`);
  out.push(`  ratio >= ${TARGETS.minRatio}        ${fmt(ratio, 4).padStart(8)}   ${ratioMet ? 'MET' : 'NOT MET'}`);
  out.push(`  gateway p99 < ${TARGETS.maxGatewayP99Ms} ms   ${`${fmt(p99)} ms`.padStart(8)}   ${p99Met ? 'MET' : 'NOT MET'}`);
  const cpu = (run) =>
    Object.entries(run.cpu ?? {})
      .map(([name, percent]) => `${name} ${percent}%`)
      .join(', ');
  if (Object.keys(rounds[0].gateway.cpu ?? {}).length > 0) {
    out.push('');
    out.push('CPU during the measured runs (% of one core; launcher = the whole stack):');
    rounds.forEach(({ bare, gateway }, index) => {
      const label = rounds.length > 1 ? ` #${index + 1}` : '';
      out.push(`  bare run${label}:    ${cpu(bare) || 'n/a'}`);
      out.push(`  gateway run${label}: ${cpu(gateway) || 'n/a'}`);
    });
  }
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
    const bar = '!'.repeat(78);
    out.push('');
    out.push(bar);
    out.push('!!! INVALID RUN: not every request got the expected 2xx answer; the figures above');
    out.push('!!! do not measure the intended path (autocannon counts latency of 2xx only).');
    for (const line of invalid) out.push(`!!!   ${line}`);
    out.push(bar);
  }
  if (results.stackLogLines > 0) {
    out.push('');
    out.push(
      `note: the stack wrote ${results.stackLogLines} log line(s) during the gateway runs (LOG_LEVEL=${settings.logLevel}); last ones:`,
    );
    for (const line of results.stackLogTail) out.push(`  ${line.length > 200 ? `${line.slice(0, 200)}…` : line}`);
  }
  process.stdout.write(`${out.join('\n')}\n`);
  return { ratio, p99, ratioMet, p99Met, invalid };
}

/** The middle value (the mean of the two middle ones for an even count). */
function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

module.exports = { runGatewayReadBench };
