import cluster, { type Worker } from 'node:cluster';
import type { Logger } from '@commerce/observability';

export interface WorkerPoolOptions {
  workers: number;
  logger: Logger;
  /** A worker that dies sooner than this after its start counts as a crash loop. */
  minUptimeMs?: number;
  /** Crash-loop deaths in a row after which the pool gives up and exits 1. */
  maxQuickDeaths?: number;
}

const STOP_TIMEOUT_MS = 10_000;

/**
 * The gateway is CPU-bound on one core (Express plus a gRPC hop per request), so the primary forks
 * one worker per core, all serving the same port. Each worker is a full replica: its own backend
 * channels, key cache and NATS connection; the rate limit is shared through NATS as between machines.
 * A worker that dies is replaced; one that keeps dying at start stops the pool.
 */
export function runWorkerPool(options: WorkerPoolOptions): void {
  const { logger } = options;
  const minUptimeMs = options.minUptimeMs ?? 5_000;
  const maxQuickDeaths = options.maxQuickDeaths ?? 5;
  const startedAt = new Map<Worker, number>();
  let quickDeaths = 0;
  let exitCode: number | undefined;

  const fork = () => startedAt.set(cluster.fork(), Date.now());

  const stopAll = (code: number) => {
    if (exitCode !== undefined) return;
    exitCode = code;
    if (startedAt.size === 0) process.exit(code);
    for (const worker of startedAt.keys()) worker.process.kill('SIGTERM');
    setTimeout(() => process.exit(code), STOP_TIMEOUT_MS).unref();
  };

  cluster.on('exit', (worker, code, signal) => {
    const uptimeMs = Date.now() - (startedAt.get(worker) ?? 0);
    startedAt.delete(worker);
    if (exitCode !== undefined) {
      if (startedAt.size === 0) process.exit(exitCode);
      return;
    }
    quickDeaths = uptimeMs < minUptimeMs ? quickDeaths + 1 : 0;
    logger.error({ pid: worker.process.pid, code, signal, uptime_ms: uptimeMs }, 'gateway worker died');
    if (quickDeaths >= maxQuickDeaths) {
      logger.error({ deaths: quickDeaths }, 'gateway workers keep dying at start; giving up');
      stopAll(1);
      return;
    }
    fork();
  });
  process.once('SIGINT', () => stopAll(0));
  process.once('SIGTERM', () => stopAll(0));

  for (let i = 0; i < options.workers; i++) fork();
  logger.info({ workers: options.workers }, 'gateway worker pool started');
}
