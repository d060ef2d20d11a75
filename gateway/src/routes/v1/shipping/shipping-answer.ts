/** The record a shipping answer must carry; its absence is a broken backend (a 500), not a client error. */
export function recordOf<T>(record: T | undefined, field: string): T {
  if (record === undefined) throw new Error(`shipping answered without ${field}`);
  return record;
}
