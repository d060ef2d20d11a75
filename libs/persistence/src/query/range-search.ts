// Which of the ranges [b0, b1), [b1, b2)... of `sumGroups` (collection.port.ts) a value falls in, as a binary search the
// engines run as nested conditions (SQLite CASE, MongoDB $cond): a handful of comparisons a document, not one a range.

/**
 * Builds the search over `boundaryCount` ascending boundaries: `below(i, then, otherwise)` is "value < boundary i ?
 * then : otherwise", `leaf(index)` the answer, the range index: -1 below the first boundary, boundaryCount - 1 at or
 * above the last (both outside every range).
 */
export function rangeSearch<T>(
  boundaryCount: number,
  leaf: (rangeIndex: number) => T,
  below: (boundary: number, then: T, otherwise: T) => T,
): T {
  // The first boundary above the value is in [low, high].
  const node = (low: number, high: number): T => {
    if (low === high) return leaf(low - 1);
    const middle = (low + high) >> 1;
    return below(middle, node(low, middle), node(middle + 1, high));
  };
  return node(0, boundaryCount);
}

/** The range a range index names, or false when it lies outside every range. */
export const isInRange = (rangeIndex: number, boundaryCount: number): boolean => rangeIndex >= 0 && rangeIndex < boundaryCount - 1;
