// What an error may echo of the input that caused it. A failure travels back as gRPC trailers, which are HTTP/2
// headers: a header block past the peer's limit (64 KiB in Node) stalls the connection it crossed, and with it every
// store's calls in flight on that channel (docs/security.md#limits-on-input). So an error names a bounded excerpt of
// each value, a bounded number of values and violations, and counts the rest.

/** Field name → messages (domain.error.ts's FieldViolations, spelled here so the error model imports this file, not the reverse). */
type FieldViolations = Record<string, string[]>;

export const ECHO_LIMITS = {
  /** Characters of one echoed value. */
  excerptChars: 40,
  /** Values named in one message ("a", "b", "c" and 4,997 more). */
  listedValues: 5,
  /** Violations (field and message pairs) one error carries, across its fields. */
  violations: 20,
  /** Characters of one violation's message. */
  descriptionChars: 200,
  /** Characters of one field name (names can come from the input: `items[12345].quantity`). */
  fieldChars: 100,
  /** Characters of an error's message. */
  messageChars: 1_000,
} as const;

const ELLIPSIS = '…';

/** Text cut to `maxChars` characters (code points, so no half of a surrogate pair), marked with an ellipsis when cut. */
export function clipText(text: string, maxChars: number): string {
  if (text.length <= maxChars) return text;
  const points = Array.from(text);
  return points.length <= maxChars ? text : points.slice(0, maxChars - 1).join('') + ELLIPSIS;
}

/** A value as an error quotes it: `"bad/topic"`, or `"xxxxxxxx…" (32,000 characters)` when it is long. */
export function excerpt(value: string, maxChars: number = ECHO_LIMITS.excerptChars): string {
  const length = Array.from(value).length;
  const quoted = JSON.stringify(clipText(value, maxChars));
  return length > maxChars ? `${quoted} (${length.toLocaleString('en-US')} characters)` : quoted;
}

/** Values as an error lists them: `"a", "b" and 4,998 more` (each value an excerpt). */
export function listExcerpt(values: readonly (string | number)[], maxValues: number = ECHO_LIMITS.listedValues): string {
  const shown = values.slice(0, maxValues).map((value) => (typeof value === 'number' ? String(value) : excerpt(value)));
  const rest = values.length - shown.length;
  return rest > 0 ? `${shown.join(', ')} and ${rest.toLocaleString('en-US')} more` : shown.join(', ');
}

/** Where a violation of the input as a whole is filed; the summary gives its message alone. */
const WHOLE_INPUT = 'base';

/** The last line of a field whose messages were cut: "and 4,980 more". */
const REST_LINE = /^and ([\d,]+) more$/;
const restLine = (count: number): string => `and ${count.toLocaleString('en-US')} more`;
const countOfRest = (message: string): number => Number(REST_LINE.exec(message)?.[1]?.replaceAll(',', '') ?? 0);

export interface BoundedViolations {
  /** What the error carries: the violations kept, a field that lost some ending with "and N more". */
  violations: FieldViolations;
  /** The violations kept, as "field message" problems (without the "and N more" lines). */
  problems: string[];
  /** Violations left out, counted. */
  omitted: number;
}

/**
 * At most `ECHO_LIMITS.violations` violations, in the order given, each field name and message clipped; a field that
 * had more than it shows ends with "and N more", and `omitted` counts every violation left out. Bounding twice
 * changes nothing more.
 */
export function boundViolations(violations: FieldViolations): BoundedViolations {
  const bounded: FieldViolations = {};
  const problems: string[] = [];
  let omitted = 0;
  for (const [rawField, given] of Object.entries(violations)) {
    // A list bounded before ends with its count of the rest: carried over, not counted as a problem of its own.
    const counted = given.reduce((sum, message) => sum + countOfRest(message), 0);
    const messages = given.filter((message) => countOfRest(message) === 0);
    const room = ECHO_LIMITS.violations - problems.length;
    if (room <= 0) {
      omitted += messages.length + counted;
      continue;
    }
    const field = clipText(rawField, ECHO_LIMITS.fieldChars);
    const shown = messages.slice(0, room).map((message) => clipText(message, ECHO_LIMITS.descriptionChars));
    for (const message of shown) problems.push(field === WHOLE_INPUT ? message : `${field} ${message}`);
    const left = messages.length - shown.length + counted;
    bounded[field] = [...(bounded[field] ?? []), ...shown, ...(left > 0 ? [restLine(left)] : [])];
    omitted += left;
  }
  return { violations: bounded, problems, omitted };
}

/**
 * "Validation failed: name can't be blank, price must be at least 0 (and 4,998 more)": as many problems as fit in
 * `messageChars`, and the count of the others.
 */
export function summarizeViolations({ problems, omitted }: Pick<BoundedViolations, 'problems' | 'omitted'>): string {
  if (problems.length === 0) return 'Validation failed';
  const room = ECHO_LIMITS.messageChars - '(and 999,999,999 more)'.length;
  let text = `Validation failed: ${problems[0]}`;
  let listed = 1;
  for (; listed < problems.length && text.length + 2 + problems[listed]!.length <= room; listed += 1) text += `, ${problems[listed]}`;
  const rest = problems.length - listed + omitted;
  return clipText(rest > 0 ? `${text} (and ${rest.toLocaleString('en-US')} more)` : text, ECHO_LIMITS.messageChars);
}
