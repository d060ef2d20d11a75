/** How long before its deadline a waiting repeat gives up, so its caller gets "in progress" rather than a timeout. */
const ANSWER_MARGIN_MS = 250;

/**
 * The checkouts running in this process, by store and checkout key (docs/orders.md#how-a-checkout-runs-orders-service).
 * A repeat of a key whose checkout runs here waits until that one has ended, then runs as a repeat arriving
 * after it does: it answers the first one's order or refusal, or starts afresh when the first one was forgotten.
 * A checkout running in another process (or one cut short by a crash) is the checkouts collection's business:
 * its repeat is told it is still in progress until its lease ends and the recovery sweep settles it.
 */
export class RunningCheckouts {
  private readonly running = new Map<string, Promise<void>>();

  /**
   * Runs `start` once no checkout of the key runs here any more. A repeat waits at most until `deadline`
   * (epoch ms, Infinity for none; also at most `maxWaitMs`), then throws `tooLong()`.
   */
  async runAlone<T>(
    key: { storeId: number; checkoutKey: string },
    wait: { deadline: number; maxWaitMs: number; tooLong: () => Error },
    start: () => Promise<T>,
  ): Promise<T> {
    const id = `${key.storeId}\n${key.checkoutKey}`;
    const giveUpAt = Math.min(wait.deadline - ANSWER_MARGIN_MS, Date.now() + wait.maxWaitMs);
    for (let first = this.running.get(id); first; first = this.running.get(id)) {
      if (!(await endsBefore(first, giveUpAt))) throw wait.tooLong();
    }
    const call = start();
    const forget = (): void => {
      if (this.running.get(id) === ended) this.running.delete(id);
    };
    const ended: Promise<void> = call.then(forget, forget);
    this.running.set(id, ended);
    return call;
  }
}

/** Whether `ended` settles before `giveUpAt` (epoch ms). */
async function endsBefore(ended: Promise<void>, giveUpAt: number): Promise<boolean> {
  const waitMs = giveUpAt - Date.now();
  if (waitMs <= 0) return false;
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), waitMs);
  });
  try {
    return await Promise.race([ended.then(() => true as const), late]);
  } finally {
    clearTimeout(timer);
  }
}
