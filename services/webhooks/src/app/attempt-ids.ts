/** Attempt ids come in blocks: one counter value stands for ATTEMPTS_PER_BLOCK ids (one counter write per block, not per attempt). */
export const ATTEMPTS_PER_BLOCK = 1_024;

/**
 * Ids of delivery attempts, increasing in this process: block × ATTEMPTS_PER_BLOCK + 1, + 2... from the
 * `delivery_attempts` counter. A counter value is above every id given before the blocks (one per attempt), so
 * ids stay unique and keep growing across the change and across restarts (a restart leaves the rest of its block
 * unused). With several replicas, each takes its own blocks: ids then order attempts by replica block, not
 * strictly by time.
 */
export class AttemptIds {
  private next = 0;
  private end = 0;
  private taking?: Promise<void>;

  constructor(private readonly takeBlock: () => Promise<number>) {}

  async take(): Promise<number> {
    while (this.next >= this.end) {
      this.taking ??= this.takeBlock()
        .then((block) => {
          this.next = block * ATTEMPTS_PER_BLOCK + 1;
          this.end = (block + 1) * ATTEMPTS_PER_BLOCK;
        })
        .finally(() => {
          this.taking = undefined;
        });
      await this.taking;
    }
    return this.next++;
  }
}
