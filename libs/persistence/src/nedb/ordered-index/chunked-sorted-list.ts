/**
 * A sorted list of distinct entries kept in chunks of at most `maxChunkSize`: an insert or delete
 * moves at most one chunk's entries, finding a position is two binary searches, and ranks (positions)
 * come from per-chunk start offsets that are refreshed lazily, once per read after any writes.
 */
export class ChunkedSortedList<E> {
  private chunks: E[][] = [];
  /** starts[i] is the rank of chunks[i][0]; entries from `firstStaleStart` on are out of date. */
  private readonly starts: number[] = [];
  private firstStaleStart = 0;
  private total = 0;

  constructor(
    private readonly compare: (a: E, b: E) => number,
    private readonly maxChunkSize = 512,
  ) {
    if (maxChunkSize < 2) throw new RangeError('maxChunkSize must be at least 2');
  }

  get size(): number {
    return this.total;
  }

  /** Replaces the content with `entries`, given in any order. */
  reset(entries: readonly E[]): void {
    const sorted = [...entries].sort(this.compare);
    // Half-full chunks leave room to insert before the first split.
    const fill = Math.max(1, this.maxChunkSize >> 1);
    this.chunks = [];
    for (let i = 0; i < sorted.length; i += fill) this.chunks.push(sorted.slice(i, i + fill));
    this.total = sorted.length;
    this.firstStaleStart = 0;
  }

  insert(entry: E): void {
    this.total += 1;
    if (this.chunks.length === 0) {
      this.chunks.push([entry]);
      this.firstStaleStart = 0;
      return;
    }
    const isBefore = (other: E): boolean => this.compare(other, entry) < 0;
    const c = this.chunkHolding(isBefore);
    const chunk = this.chunks[c];
    chunk.splice(firstNotBefore(chunk, isBefore), 0, entry);
    if (chunk.length > this.maxChunkSize) this.chunks.splice(c + 1, 0, chunk.splice(chunk.length >> 1));
    this.markStale(c);
  }

  /** Removes the entry that compares equal to `entry`; false when there is none. */
  delete(entry: E): boolean {
    if (this.chunks.length === 0) return false;
    const isBefore = (other: E): boolean => this.compare(other, entry) < 0;
    const c = this.chunkHolding(isBefore);
    const chunk = this.chunks[c];
    const at = firstNotBefore(chunk, isBefore);
    if (at === chunk.length || this.compare(chunk[at], entry) !== 0) return false;
    chunk.splice(at, 1);
    this.total -= 1;
    this.mergeIfSmall(c);
    this.markStale(c);
    return true;
  }

  /**
   * How many entries lie before a boundary. `isBefore` must hold for a leading run of the entries
   * and for none after it (true for entries that sort before the boundary).
   */
  rank(isBefore: (entry: E) => boolean): number {
    if (this.chunks.length === 0) return 0;
    const c = this.chunkHolding(isBefore);
    return this.startOf(c) + firstNotBefore(this.chunks[c], isBefore);
  }

  /** Visits the entries at ranks [from, to), in order (1) or in reverse (-1), until `visit` returns false. */
  forEachInRange(from: number, to: number, direction: 1 | -1, visit: (entry: E) => boolean): void {
    const first = Math.max(0, from);
    const last = Math.min(this.total, to) - 1;
    if (first > last) return;
    let [c, i] = this.locate(direction === 1 ? first : last);
    for (let remaining = last - first + 1; remaining > 0; ) {
      const chunk = this.chunks[c];
      for (; i >= 0 && i < chunk.length && remaining > 0; i += direction, remaining -= 1) {
        if (!visit(chunk[i])) return;
      }
      c += direction;
      i = direction === 1 ? 0 : (this.chunks[c]?.length ?? 0) - 1;
    }
  }

  /** The first chunk whose last entry is not before the boundary, or the last chunk. */
  private chunkHolding(isBefore: (entry: E) => boolean): number {
    let low = 0;
    let high = this.chunks.length - 1;
    while (low < high) {
      const mid = (low + high) >> 1;
      const chunk = this.chunks[mid];
      if (isBefore(chunk[chunk.length - 1])) low = mid + 1;
      else high = mid;
    }
    return low;
  }

  /** Chunk and offset of the entry at `rank` (0 <= rank < size). */
  private locate(rank: number): [number, number] {
    this.refreshStarts();
    let low = 0;
    let high = this.chunks.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if (this.starts[mid] <= rank) low = mid;
      else high = mid - 1;
    }
    return [low, rank - this.starts[low]];
  }

  private startOf(chunk: number): number {
    this.refreshStarts();
    return this.starts[chunk];
  }

  private refreshStarts(): void {
    const count = this.chunks.length;
    for (let i = this.firstStaleStart; i < count; i += 1) {
      this.starts[i] = i === 0 ? 0 : this.starts[i - 1] + this.chunks[i - 1].length;
    }
    this.starts.length = count;
    this.firstStaleStart = count;
  }

  private markStale(chunk: number): void {
    this.firstStaleStart = Math.min(this.firstStaleStart, chunk);
  }

  /** Keeps the chunk count proportional to the size after many deletes: a near-empty chunk joins a neighbour. */
  private mergeIfSmall(c: number): void {
    const chunk = this.chunks[c];
    if (chunk.length === 0) {
      this.chunks.splice(c, 1);
      return;
    }
    if (chunk.length * 4 >= this.maxChunkSize) return;
    const next = this.chunks[c + 1];
    if (next && chunk.length + next.length <= this.maxChunkSize) {
      chunk.push(...next);
      this.chunks.splice(c + 1, 1);
      return;
    }
    const previous = this.chunks[c - 1];
    if (previous && chunk.length + previous.length <= this.maxChunkSize) {
      previous.push(...chunk);
      this.chunks.splice(c, 1);
    }
  }
}

/** Binary search: index of the first element for which `isBefore` is false (elements.length if none). */
function firstNotBefore<E>(elements: readonly E[], isBefore: (entry: E) => boolean): number {
  let low = 0;
  let high = elements.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (isBefore(elements[mid])) low = mid + 1;
    else high = mid;
  }
  return low;
}
