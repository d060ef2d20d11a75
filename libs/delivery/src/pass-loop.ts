// The rhythm of a delivery worker (docs/delivery.md#the-worker): passes over the due jobs, one at a time, started by a
// timer, by new work or by the end of a send, and the sends each pass starts, which run past it.

/** Logs what a pass threw (the next pass retries it). */
export type PassFailed = (error: unknown) => void;

/**
 * Passes over due work, never two at once: `kick` starts one now, or right after the one under way (however many kicks
 * came meanwhile); the work a pass starts is tracked until it ends, so `idle` and `stop` wait for it.
 */
export abstract class PassLoop {
  /** Work started by passes until it ended, by job id. */
  protected readonly inFlight = new Map<number, Promise<void>>();
  protected stopped = false;
  private pass?: Promise<number>;
  private again = false;

  constructor(private readonly passFailed: PassFailed) {}

  /** One pass: starts the work due now; answers how much it started. */
  protected abstract runPass(): Promise<number>;

  /** Starts a pass now, or right after the one under way; never throws (failures go to `passFailed`). */
  kick(): void {
    if (this.stopped) return;
    if (this.pass) {
      this.again = true;
      return;
    }
    void this.tick().catch(this.passFailed);
  }

  /** One pass (or joins the one under way); answers how much work it started. */
  tick(): Promise<number> {
    if (!this.pass) {
      this.pass = this.runPass().finally(() => {
        this.pass = undefined;
        if (this.again) {
          this.again = false;
          this.kick();
        }
      });
    }
    return this.pass;
  }

  /** Waits for every piece of work under way, and the passes they start, to end (tests; stop). */
  async idle(): Promise<void> {
    while (this.inFlight.size > 0 || this.pass) {
      await Promise.all([...this.inFlight.values(), this.pass?.catch(() => undefined)]);
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await this.idle();
  }

  /** Tracks one job's work; `done` runs once it ended, whatever the outcome. */
  protected track(id: number, work: Promise<void>, done: () => void): void {
    this.inFlight.set(
      id,
      work.finally(() => {
        this.inFlight.delete(id);
        done();
      }),
    );
  }
}
