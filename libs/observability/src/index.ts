export { createLogger, requestLogger, redactUrl, type Logger, type LoggerOptions } from './logger';
export { requestIdFrom } from './request-id';
export { prettyLogLines, type LogFormat } from './log-format';
export {
  createMetricsRegistry,
  grpcServerMetrics,
  httpServerMetrics,
  scrapedGauge,
  serveMetrics,
  serveClusterMetrics,
  shareMetricsWithPrimary,
  Counter,
  Gauge,
  Histogram,
  LATENCY_BUCKETS,
  type GrpcServerMetrics,
  type HttpServerMetrics,
  type MetricsServer,
  type Registry,
} from './metrics';
