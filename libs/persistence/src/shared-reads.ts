/**
 * Reads of one key asked in the same run of microtasks share one read, started after the last of them asked (a
 * microtask later), so each caller gets an answer read after its call, as if it had read alone. An event consumer
 * handing over a batch runs its events' handlers in one such run: 64 events of a store then cost one read of the
 * store's webhooks instead of 64. The answer is shared: callers must not change it.
 */
export class SharedReads<K, V> {
  private readonly asked = new Map<K, Promise<V>>();

  constructor(private readonly read: (key: K) => Promise<V>) {}

  get(key: K): Promise<V> {
    let shared = this.asked.get(key);
    if (!shared) {
      shared = Promise.resolve().then(() => {
        this.asked.delete(key);
        return this.read(key);
      });
      this.asked.set(key, shared);
    }
    return shared;
  }
}
