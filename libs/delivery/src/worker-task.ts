import type { BackgroundTask } from '@commerce/service-host';
import type { PassLoop } from './pass-loop';

/**
 * Runs a worker as a service's background task: a pass at start and every `intervalMs` (retries falling due), besides
 * those its own events start; `afterStop` once its work under way ended.
 */
export function workerTask(
  name: string,
  worker: Pick<PassLoop, 'kick' | 'stop'>,
  intervalMs: number,
  afterStop: () => void = () => undefined,
): BackgroundTask {
  let timer: NodeJS.Timeout | undefined;
  return {
    name,
    start() {
      worker.kick();
      timer = setInterval(() => worker.kick(), intervalMs);
      timer.unref();
    },
    async stop() {
      clearInterval(timer);
      await worker.stop();
      afterStop();
    },
  };
}
