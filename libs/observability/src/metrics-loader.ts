import type * as MetricsModule from './metrics';

export type Metrics = typeof MetricsModule;

/**
 * The metrics toolkit (prom-client and our series), loaded by a process only when it serves metrics
 * (METRICS_PORT): prom-client costs every process that loads it about 10 MB of resident memory.
 */
export function loadMetrics(): Metrics {
  // A process that serves no metrics never loads prom-client, so it is loaded here only.
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on demand, see above
  return require('./metrics') as Metrics;
}
