'use strict';
// The load generator, in its own process: a warm-up run, then the measured run, both with
// autocannon (programmatic API). Prints ONE JSON document on stdout (progress goes to stderr):
//   { warmup: Summary, measured: Summary }
// Usage: node load.js '<json: {title, url, headers, connections, durationS, warmupS}>'
const autocannon = require('autocannon');

function summarize(result) {
  return {
    title: result.title,
    url: result.url,
    connections: result.connections,
    durationS: result.duration,
    requestsPerSecond: result.requests.average,
    requestsTotal: result.requests.total,
    requestsSent: result.requests.sent,
    // autocannon records latencies of 2xx responses only, in whole milliseconds.
    latencyMs: {
      average: result.latency.average,
      p50: result.latency.p50,
      p90: result.latency.p90,
      p99: result.latency.p99,
      max: result.latency.max,
    },
    throughputBytesPerSecond: result.throughput.average,
    errors: result.errors,
    timeouts: result.timeouts,
    resets: result.resets,
    mismatches: result.mismatches,
    non2xx: result.non2xx,
    '2xx': result['2xx'],
    statusCodeStats: result.statusCodeStats,
  };
}

// No signal handlers: when the orchestrator stops us (teardown, Ctrl-C) there is nothing to report.
function run(options) {
  return new Promise((resolve, reject) => {
    autocannon(options, (err, result) => (err ? reject(err) : resolve(result)));
  });
}

async function main() {
  const config = JSON.parse(process.argv[2] ?? '{}');
  for (const field of ['url', 'connections', 'durationS', 'warmupS']) {
    if (config[field] === undefined) throw new Error(`load.js: missing ${field}`);
  }
  const common = { url: config.url, headers: config.headers ?? {}, connections: config.connections, method: 'GET' };
  const output = {};
  if (config.warmupS > 0) {
    process.stderr.write(`[load] ${config.title}: warm-up ${config.warmupS}s\n`);
    output.warmup = summarize(await run({ ...common, title: `${config.title} (warm-up)`, duration: config.warmupS }));
  }
  process.stderr.write(`[load] ${config.title}: measuring ${config.durationS}s with ${config.connections} connections\n`);
  const cpuBefore = process.cpuUsage();
  const startedAt = process.hrtime.bigint();
  output.measured = summarize(await run({ ...common, title: config.title, duration: config.durationS }));
  const cpu = process.cpuUsage(cpuBefore);
  const elapsedUs = Number(process.hrtime.bigint() - startedAt) / 1e3;
  // Percent of one core this load generator used while measuring (it competes for the same cores).
  output.measured.loadGeneratorCpuPercent = Math.round(((cpu.user + cpu.system) / elapsedUs) * 1000) / 10;
  process.stdout.write(`${JSON.stringify(output)}\n`);
}

main().catch((error) => {
  process.stderr.write(`[load] failed: ${error && error.stack ? error.stack : String(error)}\n`);
  process.exit(1);
});
