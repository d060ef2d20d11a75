import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AggregatorRegistry, collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

export { Counter, Gauge, Histogram, Registry } from 'prom-client';

/** Latency buckets (seconds) for calls answered in a millisecond up to a webhook's 15 s timeout. */
export const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 15];

/**
 * One registry per process, every series labelled with the process's `service`. Process metrics (CPU,
 * memory, event-loop lag, GC, handles) are collected only when the metrics are served (`serveMetrics`),
 * so a process that nobody scrapes pays nothing for them.
 */
export function createMetricsRegistry(service: string): Registry {
  const registry = new Registry();
  registry.setDefaultLabels({ service });
  return registry;
}

/** Counts and times every unary gRPC call a server answers, by service, method and status code. */
export interface GrpcServerMetrics {
  observe(path: string, code: number, seconds: number): void;
}

export function grpcServerMetrics(registry: Registry): GrpcServerMetrics {
  const handled = new Counter({
    name: 'grpc_server_handled_total',
    help: 'gRPC calls answered, by method and status code',
    labelNames: ['grpc_service', 'grpc_method', 'grpc_code'],
    registers: [registry],
  });
  const seconds = new Histogram({
    name: 'grpc_server_handling_seconds',
    help: 'Time to answer a gRPC call',
    labelNames: ['grpc_service', 'grpc_method', 'grpc_code'],
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  return {
    observe(path, code, duration) {
      // "/commerce.catalog.v1.CatalogService/GetProduct"
      const slash = path.lastIndexOf('/');
      const labels = { grpc_service: path.slice(1, slash), grpc_method: path.slice(slash + 1), grpc_code: String(code) };
      handled.inc(labels);
      seconds.observe(labels, duration);
    },
  };
}

/** Counts and times HTTP requests by method, route pattern (never the raw path: ids would explode the series) and status. */
export interface HttpServerMetrics {
  observe(labels: { method: string; route: string; status_code: number }, seconds: number): void;
}

export function httpServerMetrics(registry: Registry): HttpServerMetrics {
  const requests = new Counter({
    name: 'http_server_requests_total',
    help: 'HTTP requests answered, by method, route and status',
    labelNames: ['method', 'route', 'status_code'],
    registers: [registry],
  });
  const seconds = new Histogram({
    name: 'http_server_request_duration_seconds',
    help: 'Time to answer an HTTP request',
    labelNames: ['method', 'route', 'status_code'],
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  return {
    observe(labels, duration) {
      const values = { method: labels.method, route: labels.route, status_code: String(labels.status_code) };
      requests.inc(values);
      seconds.observe(values, duration);
    },
  };
}

/** A gauge whose value is read when Prometheus scrapes (a backlog, a lag), by label set. */
export function scrapedGauge(
  registry: Registry,
  name: string,
  help: string,
  labelNames: string[],
  read: () => Promise<Array<{ labels: Record<string, string>; value: number }>>,
): Gauge {
  return new Gauge({
    name,
    help,
    labelNames,
    registers: [registry],
    async collect() {
      this.reset();
      for (const { labels, value } of await read()) this.set(labels, value);
    },
  });
}

export interface MetricsServer {
  port: number;
  close(): Promise<void>;
}

/** Serves `GET /metrics` in the Prometheus text format on its own port (never the API's), with the process metrics. */
export function serveMetrics(registry: Registry, options: { port: number; host?: string }): Promise<MetricsServer> {
  collectDefaultMetrics({ register: registry });
  return listen(async () => ({ contentType: registry.contentType, body: await registry.metrics() }), options);
}

/**
 * For a process that forks workers (the gateway's pool): serves the sum of its workers' metrics, each worker
 * having handed its registry over with `shareMetricsWithPrimary`.
 */
export function serveClusterMetrics(options: { port: number; host?: string }): Promise<MetricsServer> {
  const aggregator = new AggregatorRegistry();
  return listen(async () => ({ contentType: aggregator.contentType, body: await aggregator.clusterMetrics() }), options);
}

/** In a worker of such a pool: the registry (with the process metrics) the primary sums. */
export function shareMetricsWithPrimary(registry: Registry): void {
  collectDefaultMetrics({ register: registry });
  AggregatorRegistry.setRegistries([registry]);
  // Constructing one is what makes prom-client answer the primary's requests in this worker.
  new AggregatorRegistry();
}

async function listen(
  collect: () => Promise<{ contentType: string; body: string }>,
  options: { port: number; host?: string },
): Promise<MetricsServer> {
  const server: Server = createServer((req, res) => {
    if (req.method !== 'GET' || (req.url ?? '').split('?')[0] !== '/metrics') {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found: metrics are at /metrics\n');
      return;
    }
    collect().then(
      ({ contentType, body }) => res.writeHead(200, { 'content-type': contentType }).end(body),
      () => res.writeHead(500, { 'content-type': 'text/plain' }).end('metrics collection failed\n'),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host ?? '127.0.0.1', () => resolve());
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
