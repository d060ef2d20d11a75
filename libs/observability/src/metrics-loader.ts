import type * as MetricsModule from './metrics';

export type Metrics = typeof MetricsModule;

/**
 * The metrics toolkit (prom-client and our series), loaded by a process only when it serves metrics
 * (METRICS_PORT): prom-client costs every process that loads it about 10 MB of resident memory.
 */
export function loadMetrics(): Metrics {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded here only: a process that serves no metrics never loads prom-client
  return require('./metrics') as Metrics;
}
