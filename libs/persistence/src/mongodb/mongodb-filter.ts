import type { Filter } from '../collection.port';

/** Every character a MongoDB (PCRE) pattern reads as syntax. */
const PATTERN_SYNTAX = /[\\^$.*+?()[\]{}|]/g;

/** `text` as a pattern that matches exactly it: a literal, so matching costs one pass, never backtracking. */
export function literalPattern(text: string): string {
  return text.replace(PATTERN_SYNTAX, '\\$&');
}

/**
 * The port's filter in MongoDB's words: `$contains` (a substring, as the SQLite engine's instr()) becomes `$regex` on
 * the escaped text; everything else is MongoDB's already. Answers the filter itself when it holds no `$contains`.
 */
export function toMongoFilter(filter: Filter): Filter {
  let rewritten: Filter | undefined;
  for (const [key, condition] of Object.entries(filter)) {
    const next = rewriteCondition(key, condition);
    if (next === condition) continue;
    rewritten ??= { ...filter };
    rewritten[key] = next;
  }
  return rewritten ?? filter;
}

function rewriteCondition(key: string, condition: unknown): unknown {
  if (key === '$or' || key === '$and') {
    const branches = condition as Filter[];
    const next = branches.map(toMongoFilter);
    return next.some((branch, i) => branch !== branches[i]) ? next : condition;
  }
  if (condition === null || typeof condition !== 'object' || !Object.hasOwn(condition, '$contains')) return condition;
  const { $contains: text, ...others } = condition as Record<string, unknown>;
  return { ...others, $regex: literalPattern(text as string) };
}
