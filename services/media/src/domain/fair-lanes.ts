/**
 * A queue of jobs in lanes (one per store) served round robin, at most `concurrency` at once and one per lane at a
 * time (docs/media.md#image-work): a store that sends a hundred uploads waits behind itself, while another store's
 * one upload goes at the next free slot. Pure scheduling, no I/O: the jobs are the caller's.
 */
export class FairLanes {
  private readonly lanes = new Map<string, Array<() => void>>();
  private readonly busy = new Set<string>();
  private running = 0;

  constructor(private readonly concurrency: number) {}

  /** Runs `job` when its turn comes; answers its result. */
  run<T>(lane: string, job: () => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const start = () => {
        job()
          .then(resolve, reject)
          .finally(() => {
            this.running -= 1;
            this.busy.delete(lane);
            // The lane goes to the back once its job is over: Map keeps insertion order, so re-inserting it is the round robin.
            const rest = this.lanes.get(lane);
            this.lanes.delete(lane);
            if (rest && rest.length > 0) this.lanes.set(lane, rest);
            this.next();
          });
      };
      const queue = this.lanes.get(lane);
      if (queue) queue.push(start);
      else this.lanes.set(lane, [start]);
      this.next();
    });
  }

  /** Jobs waiting, all lanes together. */
  get waiting(): number {
    let count = 0;
    for (const queue of this.lanes.values()) count += queue.length;
    return count;
  }

  private next(): void {
    while (this.running < this.concurrency) {
      const lane = this.nextLane();
      if (lane === undefined) return;
      const start = this.lanes.get(lane)!.shift()!;
      this.running += 1;
      this.busy.add(lane);
      start();
    }
  }

  private nextLane(): string | undefined {
    for (const [lane, queue] of this.lanes) if (queue.length > 0 && !this.busy.has(lane)) return lane;
    return undefined;
  }
}
