'use strict';
// The baseline: a bare node:http server answering every request with the exact bytes (and
// Content-Type) the gateway returned for GET /v1/store.json. Runs in its own process so it does
// not share an event loop with the load generator or the orchestrator.
//
// Env: BENCH_BODY_FILE (the captured body), BENCH_CONTENT_TYPE. Listens on 127.0.0.1, port 0,
// and reports `LISTENING <port>` on stdout once ready.
const fs = require('node:fs');
const http = require('node:http');

const bodyFile = process.env.BENCH_BODY_FILE;
const contentType = process.env.BENCH_CONTENT_TYPE;
if (!bodyFile || !contentType) {
  process.stderr.write('bare-server: BENCH_BODY_FILE and BENCH_CONTENT_TYPE are required\n');
  process.exit(2);
}

const body = fs.readFileSync(bodyFile);
const headers = { 'Content-Type': contentType, 'Content-Length': String(body.length) };

const server = http.createServer((_req, res) => {
  res.writeHead(200, headers);
  res.end(body);
});
// Same keep-alive window as the gateway, so both are measured over long-lived connections.
server.keepAliveTimeout = 65_000;
server.listen(0, '127.0.0.1', () => process.stdout.write(`LISTENING ${server.address().port}\n`));

const stop = () => {
  server.close(() => process.exit(0));
  server.closeAllConnections();
  setTimeout(() => process.exit(0), 2_000).unref();
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
