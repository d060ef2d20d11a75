import type { InboxEntry } from './app-data.js';
import { handleEvent, isPermanent, type EventHandlerDeps } from './handle-event.js';

const MAX_ATTEMPTS = 8;
const FIRST_RETRY_MS = 1_000;
const LONGEST_RETRY_MS = 60_000;

/**
 * Handles the inbox's deliveries one at a time, oldest first. The webhook route answers as soon as a delivery is
 * stored, so a slow API call never makes the platform time out and send it again (docs/webhooks.md#answers-retries-and-their-end);
 * one at a time, two stock changes of one product never race on its tags. A failure the API may get over (a 503, a
 * lost connection: the SDK has already retried it) is tried again with a growing wait.
 */
export class InboxWorker {
  private running: Promise<void> | undefined;
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;

  constructor(private readonly deps: EventHandlerDeps) {}

  /** Works through the inbox unless it is at it, or waiting to retry; called at start and after each delivery stored. */
  wake(): void {
    if (this.stopped || this.running || this.timer) return;
    this.running = this.drain().finally(() => (this.running = undefined));
  }

  /** Waits for the delivery being handled, and handles no more. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }

  private async drain(): Promise<void> {
    const { data } = this.deps;
    for (let entry = data.nextInInbox(); entry && !this.stopped; entry = data.nextInInbox()) {
      const retryInMs = await this.attempt(entry);
      if (retryInMs !== undefined) {
        this.timer = setTimeout(() => {
          this.timer = undefined;
          this.wake();
        }, retryInMs);
        return;
      }
    }
  }

  /** Handles an entry: undefined when it is done with, else how long to wait before trying it again. */
  private async attempt(entry: InboxEntry): Promise<number | undefined> {
    const { data, log } = this.deps;
    try {
      await handleEvent(this.deps, entry);
    } catch (error) {
      await data.countAttempt(entry);
      const givingUp = isPermanent(error) || entry.attempts >= MAX_ATTEMPTS;
      log(givingUp ? 'event dropped' : 'event failed, will retry', {
        webhookId: entry.webhookId,
        topic: entry.event.type,
        attempts: entry.attempts,
        error: (error as Error).message,
      });
      if (!givingUp) return Math.min(FIRST_RETRY_MS * 2 ** (entry.attempts - 1), LONGEST_RETRY_MS);
    }
    await data.markHandled(entry);
    return undefined;
  }
}
