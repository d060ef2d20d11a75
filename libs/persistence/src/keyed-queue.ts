/**
 * Runs one task per key at a time, in call order; a failed task does not block the next one.
 * Read-modify-write cycles on one document in this process then never race each other's version
 * check, which is left to guard against other replicas only.
 */
export class KeyedQueue<K = number> {
  private readonly tails = new Map<K, Promise<unknown>>();

  run<T>(key: K, task: () => Promise<T>): Promise<T> {
    const result = (this.tails.get(key) ?? Promise.resolve()).then(task);
    const tail = result.catch(() => undefined);
    this.tails.set(key, tail);
    // Forget an idle key so the map holds only keys with work in flight.
    void tail.then(() => {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    });
    return result;
  }

  get pendingKeys(): number {
    return this.tails.size;
  }
}
