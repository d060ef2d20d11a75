/**
 * Hands events to a consumer's handler in batches, so the writes of a batch share their commits (EventConsumer's
 * `batchWindowMs`). An event joins the open batch; the batch is handed over at the end of the turn after a quiet spell
 * (with whatever else arrived in that turn), otherwise `windowMs` after the previous batch, or at once when it holds
 * `maxSize` events (the window never caps the throughput).
 */
export class BatchWindow {
  /** The batch arriving events join: resolves when it is handed over. */
  private batch?: { handedOver: Promise<void>; size: number; handOver(): void };
  private lastBatchAt = 0;
  private closed = false;

  constructor(
    private readonly windowMs: number,
    private readonly maxSize: number,
  ) {}

  /** Joins the open batch (or opens one); resolves when that batch is handed over. */
  join(): Promise<void> {
    const batch = (this.batch ??= this.nextBatch());
    batch.size += 1;
    if (batch.size >= this.maxSize || this.closed) batch.handOver();
    return batch.handedOver;
  }

  /** Hands the open batch over now, and every event that joins later at once (a stopping consumer waits for every event in hand). */
  close(): void {
    this.closed = true;
    this.batch?.handOver();
  }

  /** A batch handed over by its timer (unref'd) unless it already was (full, or closed): handing over twice does nothing. */
  private nextBatch(): NonNullable<BatchWindow['batch']> {
    let resolve!: () => void;
    const batch = {
      handedOver: new Promise<void>((r) => (resolve = r)),
      size: 0,
      handOver: () => {
        if (this.batch !== batch) return;
        this.batch = undefined;
        this.lastBatchAt = Date.now();
        resolve();
      },
    };
    const waitMs = this.lastBatchAt + this.windowMs - Date.now();
    if (waitMs > 0) setTimeout(batch.handOver, waitMs).unref();
    else setImmediate(batch.handOver);
    return batch;
  }
}
