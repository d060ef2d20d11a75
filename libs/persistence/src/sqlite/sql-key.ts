// How a field's value becomes one SQLite value that compares and sorts the way MongoDB compares and
// sorts it, so SQLite's own planner can serve filters, sorts, pages and counts from expression indexes.
//
//   missing, null     NULL            (sorts first)
//   number            INTEGER / REAL
//   string            TEXT            (every TEXT sorts after every number, and compares by bytes)
//   object            x'01'           (every BLOB sorts after every TEXT; objects only tested for existence)
//   array             x'02'
//   boolean           x'0300' false, x'0301' true
//   Date              x'04' + 8 bytes big-endian of (ms + 2^62)
//
// The same function builds the expression in CREATE INDEX and in every WHERE/ORDER BY, so the text
// is identical and SQLite matches the index to the query.

/** Field names that go into SQL text; anything else is matched in JavaScript instead (no escaping games). */
const SAFE_SEGMENT = /^[A-Za-z0-9_-]+$/;

export function isSqlSafeSegment(segment: string): boolean {
  return SAFE_SEGMENT.test(segment);
}

/** `$."a"."b"` for `a.b`; positions are added by the caller as `[0]`. */
export function jsonPathOf(segments: readonly string[]): string {
  return `$${segments.map((segment) => `."${segment}"`).join('')}`;
}

const DATE_OFFSET = 2n ** 62n;

/**
 * `column`: the SQL of the JSON the path starts from: where the field is stored, the document or the side column (see
 * side-fields.ts), or an unwound array's element (sql-sums.ts); a NULL column is a missing field.
 */
export function keyExpression(jsonPath: string, column: string): string {
  const at = `'${jsonPath}'`;
  const date = `'${jsonPath}."$date"'`;
  return (
    `(CASE json_type(${column},${at}) WHEN 'true' THEN x'0301' WHEN 'false' THEN x'0300' WHEN 'array' THEN x'02' ` +
    `WHEN 'object' THEN iif(json_type(${column},${date})='integer',` +
    `unhex('04'||printf('%016X',json_extract(${column},${date})+${DATE_OFFSET})),x'01') ` +
    `ELSE ${column}->>${at} END)`
  );
}

export function existsExpression(jsonPath: string, column: string): string {
  return `json_type(${column},'${jsonPath}')`;
}

export type KeyValue = number | string | Buffer;

/** The SQL parameter for a scalar operand, or undefined when the operand is not a scalar the keys encode. */
export function keyOf(value: unknown): KeyValue | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean') return Buffer.from([3, value ? 1 : 0]);
  if (value instanceof Date) {
    const ms = value.getTime();
    if (!Number.isFinite(ms)) return undefined;
    const key = Buffer.alloc(9);
    key[0] = 4;
    key.writeBigUInt64BE(BigInt(ms) + DATE_OFFSET, 1);
    return key;
  }
  return undefined;
}

/** Bounds of the key range one type occupies, so `{ $gt: 5 }` never matches a string (MongoDB's type bracketing). */
export function typeBounds(key: KeyValue): { lower?: string; upper: string } {
  if (typeof key === 'number') return { upper: `''` };
  if (typeof key === 'string') return { lower: `''`, upper: `x''` };
  return key[0] === 3 ? { lower: `x'03'`, upper: `x'04'` } : { lower: `x'04'`, upper: `x'05'` };
}
