/**
 * Runs one task per store at a time, in call order; a failed task does not block the next one.
 * Concurrent rotations of one store's key in this process then never race each other's version
 * check, which is left to guard against other replicas only.
 */
export class PerStoreQueue {
  private readonly tails = new Map<number, Promise<unknown>>();

  run<T>(storeId: number, task: () => Promise<T>): Promise<T> {
    const result = (this.tails.get(storeId) ?? Promise.resolve()).then(task);
    const tail = result.catch(() => undefined);
    this.tails.set(storeId, tail);
    // Forget an idle store so the map holds only stores with work in flight.
    void tail.then(() => {
      if (this.tails.get(storeId) === tail) this.tails.delete(storeId);
    });
    return result;
  }
}
