interface Waiter {
  wake(): void;
}

/**
 * Wakes the long polls of the events feed (docs/webhooks.md#the-live-event-stream) of one process: the intake tells it
 * when it stored a store's public event, and each waiting ListEvents call of that store reads the feed again. Events
 * another replica stored wake nobody here: a waiting call also reads the feed again every second.
 */
export class StoreEventSignals {
  private readonly waiters = new Map<number, Set<Waiter>>();
  /**
   * Events signalled so far, any store's: a call takes it before reading the feed and hands it to `wait`, so an event
   * stored between its read and its wait is not missed (another store's only costs it one more read).
   */
  private signalled = 0;
  private released = false;

  get count(): number {
    return this.signalled;
  }

  /** The intake stored a public event of the store. */
  stored(storeId: number): void {
    this.signalled += 1;
    const waiting = this.waiters.get(storeId);
    if (!waiting) return;
    this.waiters.delete(storeId);
    for (const waiter of waiting) waiter.wake();
  }

  /**
   * Resolves once an event of the store is signalled, `timeoutMs` passed, or the signals are released (shutdown); at
   * once when any event was signalled since `seenCount` (a `count` taken before the caller read the feed).
   */
  wait(storeId: number, seenCount: number, timeoutMs: number): Promise<void> {
    if (this.released || this.signalled > seenCount || timeoutMs <= 0) return Promise.resolve();
    return new Promise((resolve) => {
      const waiter: Waiter = {
        wake: () => {
          clearTimeout(timer);
          resolve();
        },
      };
      const timer = setTimeout(() => {
        this.waiters.get(storeId)?.delete(waiter);
        if (this.waiters.get(storeId)?.size === 0) this.waiters.delete(storeId);
        resolve();
      }, timeoutMs);
      const waiting = this.waiters.get(storeId) ?? new Set<Waiter>();
      waiting.add(waiter);
      this.waiters.set(storeId, waiting);
    });
  }

  /** Whether shutdown began: a long poll then answers what it has instead of waiting. */
  get isReleased(): boolean {
    return this.released;
  }

  /** Shutdown: every waiting call answers now, and later ones do not wait, so the gRPC server drains at once. */
  release(): void {
    this.released = true;
    const waiting = [...this.waiters.values()];
    this.waiters.clear();
    for (const set of waiting) for (const waiter of set) waiter.wake();
  }

  /** How many calls wait now (tests and metrics). */
  get waiting(): number {
    let count = 0;
    for (const set of this.waiters.values()) count += set.size;
    return count;
  }
}
