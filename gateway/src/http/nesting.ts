/**
 * Whether objects or lists sit more than `maxDepth` levels below `root` (`{"a": {"b": {}}}` is 2
 * deep, as `a[b][c]` is 2 brackets below its top name). Walks with its own stack, never recursing,
 * and stops at the first level too deep: it runs on untrusted input before anything that recurses.
 */
export function nestedDeeperThan(root: unknown, maxDepth: number): boolean {
  if (typeof root !== 'object' || root === null) return false;
  const containers: object[] = [root];
  const depths: number[] = [0];
  while (containers.length > 0) {
    const container = containers.pop()!;
    const childDepth = depths.pop()! + 1;
    for (const child of Array.isArray(container) ? (container as unknown[]) : Object.values(container)) {
      if (typeof child !== 'object' || child === null) continue;
      if (childDepth > maxDepth) return true;
      containers.push(child);
      depths.push(childDepth);
    }
  }
  return false;
}
