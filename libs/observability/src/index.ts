export { createLogger, requestLogger, redactUrl, type Logger, type LoggerOptions } from './logger';
export { requestIdFrom } from './request-id';
export { prettyLogLines, type LogFormat } from './log-format';
export { loadMetrics, type Metrics } from './metrics-loader';
export type { GrpcServerMetrics, HttpServerMetrics, MetricsServer, Registry } from './metrics';
