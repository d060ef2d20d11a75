/**
 * Work a service runs beside its RPCs (event consumers, sweeps, an HTTP server of its own). The host starts
 * each task once gRPC serves, and stops them, last started first, before the relay, the bus and the data close.
 */
export interface BackgroundTask {
  /** Names the task in logs. */
  name: string;
  start(): Promise<void> | void;
  stop(): Promise<void>;
}

export interface PeriodicTask extends BackgroundTask {
  /** The run started with the task (it runs once at start, then every interval); resolves when it is over. */
  readonly firstRun: Promise<void>;
}

/**
 * Runs `run` at start and then every `intervalMs`, one run at a time (a slow run delays the next, never overlaps it).
 * A run that throws is reported to `onError` and the next one happens as planned.
 */
export function periodic(name: string, intervalMs: number, run: () => Promise<void>, onError: (error: unknown) => void): PeriodicTask {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  let firstRun: Promise<void> | undefined;
  const once = () => run().catch(onError);
  return {
    name,
    get firstRun() {
      return firstRun ?? Promise.resolve();
    },
    start() {
      running = firstRun = once();
      timer = setInterval(() => (running = running.then(once)), intervalMs);
      timer.unref();
    },
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
