'use strict';
// The load generator, in its own process: a warm-up run, then the measured run, both with
// autocannon (programmatic API). Prints ONE JSON document on stdout (progress goes to stderr):
//   { warmup: Summary, measured: Summary }
// Usage: node load.js '<json: {title, url, headers, connections, durationS, warmupS,
//                              method?, body?, amount?, maxS?, progressEveryS?}>'
//   method/body: e.g. "POST" and a JSON text; every `[<n>]` in the body becomes a number unique to
//                this process (0, 1, 2... across all connections), so each request can name a new record.
//   amount:      stop after this many responses instead of after durationS (no longer than maxS,
//                default 600 s); progressEveryS (10) prints how far it got.
const autocannon = require('autocannon');

function summarize(result) {
  return {
    title: result.title,
    url: result.url,
    connections: result.connections,
    // Elapsed seconds: for a run bounded by `amount`, the time it took.
    durationS: result.elapsedS ?? result.duration,
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
function run(options, { maxS, progressEveryS, title } = {}) {
  return new Promise((resolve, reject) => {
    const startedAt = Date.now();
    const timers = [];
    const instance = autocannon(options, (err, result) => {
      for (const timer of timers) clearInterval(timer);
      if (err) return reject(err);
      if (options.amount) result.elapsedS = (Date.now() - startedAt) / 1000;
      resolve(result);
    });
    if (options.amount) {
      let responses = 0;
      instance.on('response', () => responses++);
      // autocannon ignores `duration` when `amount` is set: this bounds the run.
      timers.push(
        setTimeout(() => {
          process.stderr.write(`[load] ${title}: stopped after ${maxS}s with ${responses} of ${options.amount} responses\n`);
          instance.stop();
        }, maxS * 1000),
      );
      timers.push(
        setInterval(() => {
          const seconds = (Date.now() - startedAt) / 1000;
          process.stderr.write(
            `[load] ${title}: ${responses.toLocaleString('en-US')} of ${options.amount.toLocaleString('en-US')} ` +
              `in ${seconds.toFixed(0)} s (${(responses / seconds).toFixed(0)}/s)\n`,
          );
        }, progressEveryS * 1000),
      );
    }
  });
}

/** autocannon request options: a fixed request, or one whose body numbers `[<n>]` anew each time. */
function requestOptions(config) {
  const method = config.method ?? 'GET';
  if (typeof config.body !== 'string') return { method };
  if (!config.body.includes('[<n>]')) return { method, body: config.body };
  const parts = config.body.split('[<n>]');
  return {
    method,
    requests: [{ method, setupRequest: (request) => ({ ...request, method, body: parts.join(String(counter++)) }) }],
  };
}
let counter = 0;

async function main() {
  const config = JSON.parse(process.argv[2] ?? '{}');
  for (const field of ['url', 'connections', 'durationS', 'warmupS']) {
    if (config[field] === undefined) throw new Error(`load.js: missing ${field}`);
  }
  const common = { url: config.url, headers: config.headers ?? {}, connections: config.connections, ...requestOptions(config) };
  const output = {};
  if (config.warmupS > 0) {
    process.stderr.write(`[load] ${config.title}: warm-up ${config.warmupS}s\n`);
    output.warmup = summarize(await run({ ...common, title: `${config.title} (warm-up)`, duration: config.warmupS }));
  }
  // autocannon wants at least one request per connection.
  const amount = config.amount > 0 ? Math.max(config.amount, config.connections) : undefined;
  const what = amount ? `${amount} requests (at most ${config.maxS ?? 600}s)` : `${config.durationS}s`;
  process.stderr.write(`[load] ${config.title}: measuring ${what} with ${config.connections} connections\n`);
  const cpuBefore = process.cpuUsage();
  const startedAt = process.hrtime.bigint();
  const options = { ...common, title: config.title, duration: config.durationS, ...(amount ? { amount } : {}) };
  output.measured = summarize(
    await run(options, { title: config.title, maxS: config.maxS ?? 600, progressEveryS: config.progressEveryS ?? 10 }),
  );
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
